import { FRESH, freshGlobals } from './platform.js';

/**
 * Whether the JavaScript built-ins the agent's own code runs on in this window (the prototypes of
 * Object, Array, String, RegExp, Function, Number, Set, Map, WeakMap and WeakSet, the iterators',
 * the generators', Iterator's and the typed arrays', the statics of those constructors, JSON, Math
 * and Reflect, and the globals that name them) are still the engine's own. The confirm gate judges
 * with them: a page that made `Array.prototype.some` answer no for a list of patterns, or
 * `Array.prototype.join` drop "Delete account" from a control's names, would turn a consequential
 * click into a harmless one. Replacing each call with the browser's own would take every line the
 * gate and the guard run; this judges the effect of tampering instead: any member replaced,
 * wrapped (a Proxy, a bound function), moved (another prototype's native of the same name, another
 * window's), turned into an accessor, or added where the agent's own objects would read it
 * (anything on Object.prototype, an accessor or an engine's function elsewhere) counts.
 *
 * The reference is a fresh realm (platform.ts's about:blank frame), read once: each function-valued
 * member ("slot": "Array.prototype some", "Set.prototype size get") printed by the realm's own
 * `Function.prototype.toString` ("function some() { [native code] }"), which slots are one function
 * there, and each prototype's own prototype. A page's method prints as its source and a Proxy or
 * bound function without the name; a native moved from elsewhere prints another name or, being one
 * function in two slots, breaks the alias pattern. Methods a legacy library adds under new names
 * (Prototype's `Array#first`) are the page's functions no code of the agent calls, and stay allowed.
 */

/** The fresh realm's own functions and collections: nothing here goes through this window's prototypes. */
interface Pristine {
  ownKeys: (target: object) => ArrayLike<PropertyKey>;
  describe: (target: object, key: PropertyKey) => PropertyDescriptor | undefined;
  protoOf: (target: object) => object | null;
  print: (fn: Function) => string;
  includes: (text: string, part: string) => boolean;
  text: (key: PropertyKey) => string;
  Map: MapConstructor;
  Set: SetConstructor;
}

interface Reference {
  pristine: Pristine;
  /** Slot → how its function prints. */
  slots: Map<string, string>;
  /** Per checked object: how many slots, its own prototype's name (null: none; '?': not a checked one), how many own keys. */
  roots: Map<string, [number, string | null, number]>;
  /** "slot slot" pairs that are one function in a fresh realm (Array.prototype values and Symbol(Symbol.iterator)). */
  aliases: Set<string>;
  /** Global name → how it prints ('object' for JSON, Math, Reflect). */
  globals: Map<string, string>;
}

// Lists are literals read by index (never spread, destructured or iterated) and maps the fresh
// realm's: this window's iterators and String.prototype.split are among the things checked.
const STATICS = ['Object', 'Array', 'String', 'RegExp', 'Number', 'Set', 'Map', 'JSON', 'Math', 'Reflect', 'Iterator'];
const COLLECTIONS = ['Set', 'Map', 'WeakMap', 'WeakSet'];
/** The constructors whose prototype a literal of this window reaches without a global: `{}`, `[]`, `() => {}`, `/x/`, and a string and number wrapped by Object. */
const LITERALS = ['Object', 'Array', 'Function', 'RegExp', 'String', 'Number'];
const GENERATOR = ['next', 'return', 'throw'];

type Global = Record<string, unknown>;

/** A plain data property's value (undefined for an accessor: no getter of the page runs). */
const valueOf = (pristine: Pristine, target: unknown, name: string): any => {
  const found = target ? pristine.describe(target as object, name) : undefined;
  return found && 'value' in found ? found.value : undefined;
};

/** The objects checked, by name: `literals` holds the LITERALS' prototypes in order. */
function rootsOf(pristine: Pristine, global: Global, literals: object[]): Map<string, object> {
  const found = new pristine.Map<string, object>();
  const add = (name: string, value: unknown) => {
    if (value && (typeof value === 'object' || typeof value === 'function')) found.set(name, value as object);
  };
  for (let index = 0; index < LITERALS.length; index += 1) add(`${LITERALS[index]}.prototype`, literals[index]);
  for (let index = 0; index < COLLECTIONS.length; index += 1) add(`${COLLECTIONS[index]}.prototype`, valueOf(pristine, valueOf(pristine, global, COLLECTIONS[index]!), 'prototype'));
  const typed = valueOf(pristine, valueOf(pristine, global, 'Uint8Array'), 'prototype');
  if (typed) add('TypedArray.prototype', pristine.protoOf(typed));
  for (let index = 0; index < STATICS.length; index += 1) add(STATICS[index]!, valueOf(pristine, global, STATICS[index]!));
  return found;
}

/** Iterators' prototypes and the generators', by making one of each: called only once what makes them passed. */
function iteratorsOf(pristine: Pristine, global: Global, array: unknown[], regexp: RegExp): Map<string, object> {
  const found = new pristine.Map<string, object>();
  const arrayIterator = pristine.protoOf(array[Symbol.iterator]())!;
  found.set('ArrayIterator', arrayIterator);
  found.set('Iterator.prototype', pristine.protoOf(arrayIterator)!);
  found.set('StringIterator', pristine.protoOf(''[Symbol.iterator]())!);
  found.set('SetIterator', pristine.protoOf(new (valueOf(pristine, global, 'Set') as SetConstructor)().values())!);
  found.set('MapIterator', pristine.protoOf(new (valueOf(pristine, global, 'Map') as MapConstructor)().values())!);
  found.set('RegExpStringIterator', pristine.protoOf(regexp[Symbol.matchAll](''))!);
  found.set('Generator', pristine.protoOf(pristine.protoOf((function* () {})())!)!);
  return found;
}

/** Calls `each` with every function-valued member of `target` under its slot, "Root key" (" get" / " set" for an accessor's), and whether it is a plain value. */
function eachSlot(pristine: Pristine, name: string, target: object, each: (slot: string, fn: Function, plain: boolean) => void): void {
  const keys = pristine.ownKeys(target);
  for (let index = 0; index < keys.length; index += 1) {
    const found = pristine.describe(target, keys[index]!)!;
    const slot = `${name} ${pristine.text(keys[index]!)}`;
    if (typeof found.value === 'function') each(slot, found.value, true);
    if (typeof found.get === 'function') each(`${slot} get`, found.get, false);
    if (typeof found.set === 'function') each(`${slot} set`, found.set, false);
  }
}

/** What a fresh realm's built-ins look like, from its globals (platform.ts's freshGlobals). */
function referenceOf(realm: Record<string, unknown>): Reference {
  const R = realm as unknown as { Reflect: typeof Reflect; Function: FunctionConstructor; Object: ObjectConstructor; Array: ArrayConstructor; RegExp: RegExpConstructor; String: StringConstructor; Number: NumberConstructor; Map: MapConstructor; Set: SetConstructor };
  const { apply } = R.Reflect;
  const strings = R.String.prototype;
  const pristine: Pristine = {
    ownKeys: R.Reflect.ownKeys,
    describe: R.Reflect.getOwnPropertyDescriptor,
    protoOf: R.Reflect.getPrototypeOf,
    print: (fn) => apply(R.Function.prototype.toString, fn, []) as string,
    includes: (text, part) => apply(strings.includes, text, [part]) as boolean,
    text: R.String as never,
    Map: R.Map,
    Set: R.Set,
  };
  const global = realm as unknown as Global;
  const all = rootsOf(pristine, global, [R.Object.prototype, R.Array.prototype, R.Function.prototype, R.RegExp.prototype, R.String.prototype, R.Number.prototype]);
  // A fresh realm offers no generator without eval: its prototype is the current window's, and its
  // three methods print as a native method of that name prints in this engine.
  iteratorsOf(pristine, global, new R.Array(), new R.RegExp('x', 'g')).forEach((value, name) => name !== 'Generator' && all.set(name, value));
  const names = new pristine.Map<object, string>();
  all.forEach((value, name) => names.set(value, name));
  const reference: Reference = { pristine, slots: new pristine.Map(), roots: new pristine.Map(), aliases: new pristine.Set(), globals: new pristine.Map() };
  const seen = new pristine.Map<Function, string>();
  all.forEach((value, name) => {
    let count = 0;
    eachSlot(pristine, name, value, (slot, fn) => {
      count += 1;
      reference.slots.set(slot, pristine.print(fn));
      const before = seen.get(fn);
      if (before === undefined) seen.set(fn, slot);
      else reference.aliases.add(`${before} ${slot}`);
    });
    const proto = pristine.protoOf(value);
    reference.roots.set(name, [count, proto ? (names.get(proto) ?? '?') : null, pristine.ownKeys(value).length]);
  });
  const some = pristine.print(R.Array.prototype.some);
  const at = apply(strings.indexOf, some, ['some']) as number;
  for (let index = 0; index < GENERATOR.length; index += 1) {
    reference.slots.set(`Generator ${GENERATOR[index]}`, `${apply(strings.slice, some, [0, at])}${GENERATOR[index]}${apply(strings.slice, some, [at + 4])}`);
  }
  reference.roots.set('Generator', [GENERATOR.length, 'Iterator.prototype', -1]);
  for (let index = 0; index < FRESH.length; index += 1) {
    const value = valueOf(pristine, global, FRESH[index]!);
    if (value !== undefined) reference.globals.set(FRESH[index]!, typeof value === 'function' ? pristine.print(value) : 'object');
  }
  return reference;
}

/**
 * What of this window's built-ins is no longer the engine's, against `reference`: '' when nothing
 * is, else the first thing found changed ("Array.prototype some"). Reads them only through the
 * fresh realm's Reflect and toString (no getter or method of this window's runs), and makes an
 * iterator of each kind only after the members that make one passed.
 */
function changedAgainst(reference: Reference, global: Global): string {
  const { pristine, roots } = reference;
  const functionProto = pristine.protoOf(() => undefined)!;
  // This window's own function: its prototype is Function.prototype, or for a typed array's
  // constructor the %TypedArray% constructor, whose own is.
  const ours = (fn: Function) => {
    const proto = pristine.protoOf(fn);
    return proto === functionProto || (!!proto && pristine.protoOf(proto) === functionProto);
  };
  let changed = '';
  reference.globals.forEach((print, name) => {
    const value = valueOf(pristine, global, name) as unknown;
    const same = typeof value === 'function' ? pristine.print(value) === print && ours(value) : print === 'object' && !!value && typeof value === 'object';
    if (!same) changed ||= name;
  });
  if (changed) return changed;
  const wrap = valueOf(pristine, global, 'Object') as ObjectConstructor;
  const literals = [pristine.protoOf({})!, pristine.protoOf([])!, functionProto, pristine.protoOf(/x/)!, pristine.protoOf(wrap(''))!, pristine.protoOf(wrap(0))!];
  // Each constructor's `prototype` is the one this window's own objects have.
  for (let index = 0; index < LITERALS.length; index += 1) {
    if (valueOf(pristine, valueOf(pristine, global, LITERALS[index]!), 'prototype') !== literals[index]) return LITERALS[index]!;
  }
  const objects = rootsOf(pristine, global, literals);
  const seen = new pristine.Map<Function, string>();
  const check = (name: string, target: object) => {
    const root = roots.get(name)!;
    let matched = 0;
    eachSlot(pristine, name, target, (slot, fn, plain) => {
      const print = pristine.print(fn);
      const want = reference.slots.get(slot);
      if (want === undefined) {
        // Added under a new name: a legacy library's method, never on Object.prototype (every
        // object of the agent's would read it), never an accessor, never an engine's function moved here.
        if (name === 'Object.prototype' || !plain || pristine.includes(print, '[native code]')) changed ||= slot;
        return;
      }
      matched += 1;
      if (print !== want || !ours(fn)) changed ||= slot;
      const before = seen.get(fn);
      if (before === undefined) seen.set(fn, slot);
      else if (!reference.aliases.has(`${before} ${slot}`)) changed ||= slot;
    });
    if (matched !== root[0] || (name === 'Object.prototype' && pristine.ownKeys(target).length !== root[2])) changed ||= `${name} (a member taken away or added)`;
  };
  roots.forEach((_, name) => objects.has(name) && check(name, objects.get(name)!));
  if (changed) return changed;
  // Iterators are made only now, with the members that make them known to be the engine's.
  const iterators = iteratorsOf(pristine, global, [], /x/g);
  iterators.forEach((value, name) => {
    check(name, value);
    objects.set(name, value);
  });
  // Each one's own prototype, as in a fresh realm (no Proxy slipped under Array.prototype).
  roots.forEach((root, name) => {
    const target = objects.get(name);
    const proto = root[1];
    if (target && proto !== '?' && pristine.protoOf(target) !== (proto === null ? null : objects.get(proto))) changed ||= `${name}'s prototype`;
  });
  return changed;
}

let reference: Reference | undefined;

/**
 * What of this window's JavaScript built-ins (what the agent's own code computes with) is no longer
 * the engine's: '' when nothing is; the first member found replaced ("Array.prototype some"), or
 * what kept it from comparing (no fresh realm could be reached, the comparison broke).
 */
export function builtinsChanged(): string {
  try {
    const globals = freshGlobals();
    if (!globals) return 'no fresh realm to compare with';
    reference ??= referenceOf(globals);
    return changedAgainst(reference, window as never);
  } catch (error) {
    return `the comparison failed (${String(error)})`;
  }
}
