import { flatParent } from './visibility.js';
import { newMatrix, styleOf } from './platform.js';

/**
 * What the transforms on a box do to what it paints, judged from the matrices the browser computed
 * rather than from which functions were written: `transform` (as the engine resolves it, a
 * `matrix()` or `matrix3d()`) after the `rotate` and `scale` properties.
 */
function ownMatrix(style: CSSStyleDeclaration): DOMMatrix {
  const matrix = newMatrix();
  const { rotate, scale, transform } = style as CSSStyleDeclaration & { rotate?: string; scale?: string };
  if (rotate && rotate !== 'none') {
    // "45deg", "y 180deg", "1 0 0 90deg": an axis (z unless given) and an angle, in degrees once computed.
    const parts = rotate.trim().split(/\s+/);
    const angle = parseFloat(parts.pop()!);
    const axis = parts.length === 3 ? parts.map(Number) : ['x', 'y', 'z'].map((name) => Number(name === (parts[0] ?? 'z')));
    matrix.rotateAxisAngleSelf(axis[0], axis[1], axis[2], angle);
  }
  if (scale && scale !== 'none') {
    const [x = 1, y = x, z = 1] = scale.trim().split(/\s+/).map((token) => parseFloat(token) / (token.endsWith('%') ? 100 : 1));
    matrix.scaleSelf(x, y, z);
  }
  return transform && transform !== 'none' ? matrix.multiplySelf(newMatrix(transform)) : matrix;
}

/**
 * Whether a box that hides its back face (`backface-visibility: hidden`) is turned away from the
 * visitor, and so paints nothing: its transform and those of the ancestors that share its 3D
 * space (`transform-style: preserve-3d`) turn its surface's normal away from the screen (the
 * normal maps by the inverse transpose). A mirror in the plane (`scaleX(-1)`) keeps the face forward.
 */
export function facesAway(el: Element, style: CSSStyleDeclaration): boolean {
  let matrix = ownMatrix(style);
  for (let parent = flatParent(el); parent; parent = flatParent(parent)) {
    const outer = styleOf(parent);
    if (outer.transformStyle !== 'preserve-3d') break;
    matrix = ownMatrix(outer).multiplySelf(matrix);
  }
  return matrix.inverse().m33 < 0;
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
  let below = [1, 0, 0, 1];
  for (let current: Element | null = el; current; current = flatParent(current)) {
    const seen = known.get(current);
    if (seen) {
      below = seen;
      break;
    }
    climbed.push(current);
  }
  for (let index = climbed.length - 1; index >= 0; index -= 1) {
    const { a, b, c, d } = ownMatrix(styleOf(climbed[index]!));
    const [p, q, r, s] = below as [number, number, number, number];
    below = [p * a + r * b, q * a + s * b, p * c + r * d, q * c + s * d];
    known.set(climbed[index]!, below);
  }
  const [a, b, c, d] = below as [number, number, number, number];
  const sum = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const largest = Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
  return largest ? det / largest : 0;
}
