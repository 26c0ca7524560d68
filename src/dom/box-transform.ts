import { flatParent } from './visibility.js';
import { styleOf } from './platform.js';

/**
 * What the transforms on a box do to what it paints, judged from the matrices the browser computed
 * rather than from which functions were written: `transform` (as the engine resolves it, a
 * `matrix()` or `matrix3d()`) with the `rotate` and `scale` properties. Translations move a box but
 * neither turn nor squash it, so only the linear part is kept, as a row-major 3×3 matrix.
 */
type Linear = number[];

const IDENTITY: Linear = [1, 0, 0, 0, 1, 0, 0, 0, 1];

function times(a: Linear, b: Linear): Linear {
  const out: Linear = [];
  for (let row = 0; row < 3; row += 1) for (let col = 0; col < 3; col += 1) out.push(a[row * 3]! * b[col]! + a[row * 3 + 1]! * b[3 + col]! + a[row * 3 + 2]! * b[6 + col]!);
  return out;
}

/** The linear part of a box's own transforms: `rotate`, then `scale`, then `transform`. */
function ownLinear(style: CSSStyleDeclaration): Linear {
  let linear = IDENTITY;
  const { rotate, scale, transform } = style as CSSStyleDeclaration & { rotate?: string; scale?: string };
  if (rotate && rotate !== 'none') {
    // "45deg", "y 180deg", "1 0 0 90deg": an axis (z unless given) and an angle, in degrees once computed.
    const parts = rotate.trim().split(/\s+/);
    const angle = (parseFloat(parts.pop()!) * Math.PI) / 180;
    const named = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] }[parts[0] as 'x'] as number[] | undefined;
    const [x, y, z] = named ?? (parts.length === 3 ? parts.map(Number) : [0, 0, 1]) as number[];
    const length = Math.hypot(x!, y!, z!) || 1;
    const [u, v, w] = [x! / length, y! / length, z! / length];
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    const t = 1 - c;
    linear = [t * u * u + c, t * u * v - s * w, t * u * w + s * v, t * u * v + s * w, t * v * v + c, t * v * w - s * u, t * u * w - s * v, t * v * w + s * u, t * w * w + c];
  }
  if (scale && scale !== 'none') {
    const [x = 1, y = x, z = 1] = scale.trim().split(/\s+/).map((token) => parseFloat(token) / (token.endsWith('%') ? 100 : 1));
    linear = times(linear, [x, 0, 0, 0, y, 0, 0, 0, z]);
  }
  if (transform && transform !== 'none') {
    const values = transform.slice(transform.indexOf('(') + 1, -1).split(',').map(Number);
    // matrix(a, b, c, d, e, f) maps x to a·x + c·y; matrix3d lists its 16 values column by column.
    const own = values.length === 16 ? [values[0]!, values[4]!, values[8]!, values[1]!, values[5]!, values[9]!, values[2]!, values[6]!, values[10]!] : values.length === 6 ? [values[0]!, values[2]!, 0, values[1]!, values[3]!, 0, 0, 0, 1] : IDENTITY;
    linear = times(linear, own);
  }
  return linear;
}

/**
 * Whether a box that hides its back face (`backface-visibility: hidden`) is turned away from the
 * visitor, and so paints nothing: its transform and those of the ancestors that share its 3D
 * space (`transform-style: preserve-3d`) turn its surface's normal away from the screen. A mirror
 * in the plane (`scaleX(-1)`) keeps the face forward.
 */
export function facesAway(el: Element, style: CSSStyleDeclaration): boolean {
  let linear = ownLinear(style);
  for (let parent = flatParent(el); parent; parent = flatParent(parent)) {
    const outer = styleOf(parent);
    if (outer.transformStyle !== 'preserve-3d') break;
    linear = times(ownLinear(outer), linear);
  }
  const [a, b, c, d, e, f, g, h, i] = linear as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  // The normal (0, 0, 1) maps by the inverse transpose; its z is the (2, 2) cofactor over the determinant.
  return (a * e - b * d) / det < 0;
}

/**
 * How much the transforms on a box and every box around it shrink what it paints in its
 * thinnest direction, as drawn on the screen (each 3D transform flattened into its parent's
 * plane): the smaller singular value of the accumulated 2×2 matrix. 1 for an untransformed box,
 * near 0 for one skewed, turned edge-on or squashed flat, whatever functions did it. `known`
 * keeps the accumulated matrices of boxes already asked about, so a page's boxes are read once.
 */
export function squashOf(el: Element, known: Map<Element, number[]>): number {
  const climbed: Element[] = [];
  let below: number[] = [1, 0, 0, 1];
  for (let current: Element | null = el; current; current = flatParent(current)) {
    const seen = known.get(current);
    if (seen) {
      below = seen;
      break;
    }
    climbed.push(current);
  }
  for (let index = climbed.length - 1; index >= 0; index -= 1) {
    const [a, b, , d, e] = ownLinear(styleOf(climbed[index]!)) as [number, number, number, number, number];
    const [p, q, r, s] = below as [number, number, number, number];
    below = [p * a + q * d, p * b + q * e, r * a + s * d, r * b + s * e];
    known.set(climbed[index]!, below);
  }
  const [a, b, c, d] = below as [number, number, number, number];
  const sum = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const largest = Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
  return largest ? det / largest : 0;
}
