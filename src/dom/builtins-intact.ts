/**
 * Whether the JavaScript built-ins the agent's own code runs on in this window (the prototypes of
 * Object, Array, String, RegExp, Function, Number, Set, Map, WeakMap and WeakSet, their iterators
 * and generators', Iterator's and the typed arrays', the statics of those constructors, JSON, Math
 * and Reflect, and the globals that name them) are still the engine's own. The confirm gate judges
 * with them: a page that made `Array.prototype.some` answer no for a list of patterns, or
 * `Array.prototype.join` drop "Delete account" from a control's names, would turn a consequential
 * click into a harmless one. Replacing each call with the browser's own would take every line the
 * gate and the guard run; this judges the effect of tampering instead: any member replaced,
 * wrapped (a Proxy, a bound function), moved (another prototype's native of the same name, another
 * window's), turned into an accessor, or added where the agent's own objects would read it
 * (anything on Object.prototype, an accessor or an engine's function elsewhere) makes the realm
 * not intact, and the gate asks before every action but looking.
 *
 * The reference is a fresh realm (platform.ts's about:blank frame), read once: its members printed
 * by its own `Function.prototype.toString` ("function some() { [native code] }"), which members are
 * the same function there, and each prototype's own prototype. A page's method prints as its source
 * and a Proxy or bound function without the name; a native moved from elsewhere either prints
 * another name or, being the same function in two places, breaks the alias pattern. Methods a
 * legacy library adds (Prototype's `Array#first`, Sugar's) are the page's functions under new names
 * no code of the agent calls, and stay allowed.
 */

type Describe = (target: object, key: PropertyKey) => PropertyDescriptor | undefined;

/** The fresh realm's own functions and collections: nothing here goes through this window's prototypes. */
interface Pristine {
  ownKeys: (target: object) => ArrayLike<PropertyKey>;
  describe: Describe;
  protoOf: (target: object) => object | null;
  print: (fn: Function) => string;
  includes: (text: string, part: string) => boolean;
  text: (key: PropertyKey) => string;
  Map: MapConstructor;
  Set: SetConstructor;
  Array: ArrayConstructor;
}

interface Root {
  name: string;
  /** Own key → [key, printed value, getter, setter] ('' where none, or not a function). */
  members: Map<PropertyKey, [PropertyKey, string, string, string]>;
  proto: string | null;
}

export interface Reference {
  pristine: Pristine;
  roots: Root[];
  /** "slot slot" pairs that are one function in a fresh realm (Array.prototype.values and [Symbol.iterator]). */
  aliases: Set<string>;
  globals: Array<[string, string]>;
  /** How a native method named `name` prints in this engine, around its name (for the generators' prototype, which no fresh realm offers without eval). */
  template: [string, string];
}

// Lists are literals read by index and maps the fresh realm's: spreading, for…of over an array and
// a split string would run this window's iterator and String.prototype.split, the very things checked.
const GLOBALS = ['Object', 'Array', 'String', 'RegExp', 'Number', 'Boolean', 'Symbol', 'Set', 'Map', 'WeakMap', 'WeakSet', 'JSON', 'Math', 'Reflect', 'Proxy', 'Iterator', 'Uint8Array', 'parseFloat', 'parseInt', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI'];
const STATICS = ['Object', 'Array', 'String', 'RegExp', 'Number', 'Set', 'Map', 'JSON', 'Math', 'Reflect', 'Iterator'];
const COLLECTIONS = ['Set', 'Map', 'WeakMap', 'WeakSet'];
const LITERALS = ['Object', 'Array', 'Function', 'RegExp', 'String', 'Number'];

type Global = Record<string, unknown>;

/** A global's value as a plain data property (undefined for an accessor: no getter of the page runs). */
const globalOf = (pristine: Pristine, global: Global, name: string): any => {
  const found = pristine.describe(global, name);
  return found && 'value' in found ? found.value : undefined;
};

/** The prototypes and statics checked, by name: `literals` holds Object…Number's prototypes in LITERALS' order. */
function rootsOf(pristine: Pristine, global: Global, literals: object[]): Map<string, object> {
  const found = new pristine.Map<string, object>();
  const add = (name: string, value: unknown) => {
    if (value && (typeof value === 'object' || typeof value === 'function')) found.set(name, value as object);
  };
  for (let index = 0; index < LITERALS.length; index += 1) add(`${LITERALS[index]}.prototype`, literals[index]);
  for (let index = 0; index < COLLECTIONS.length; index += 1) add(`${COLLECTIONS[index]}.prototype`, globalOf(pristine, globalOf(pristine, global, COLLECTIONS[index]!) ?? {}, 'prototype'));
  const typed = globalOf(pristine, globalOf(pristine, global, 'Uint8Array') ?? {}, 'prototype');
  if (typed) add('TypedArray.prototype', pristine.protoOf(typed));
  for (let index = 0; index < STATICS.length; index += 1) add(STATICS[index]!, globalOf(pristine, global, STATICS[index]!));
  return found;
}

/** Iterators' prototypes, by making one of each: called only once the members that make them are known to be the engine's. */
function iteratorsOf(pristine: Pristine, global: Global, array: unknown[], regexp: RegExp, string: string): Map<string, object> {
  const found = new pristine.Map<string, object>();
  const arrayIterator = pristine.protoOf(array[Symbol.iterator]())!;
  found.set('ArrayIterator', arrayIterator);
  found.set('Iterator.prototype', pristine.protoOf(arrayIterator)!);
  found.set('StringIterator', pristine.protoOf(string[Symbol.iterator]())!);
  found.set('SetIterator', pristine.protoOf(new (globalOf(pristine, global, 'Set') as SetConstructor)().values())!);
  found.set('MapIterator', pristine.protoOf(new (globalOf(pristine, global, 'Map') as MapConstructor)().values())!);
  found.set('RegExpStringIterator', pristine.protoOf(regexp[Symbol.matchAll](''))!);
  return found;
}

const printed = (pristine: Pristine, value: unknown): string => (typeof value === 'function' ? pristine.print(value) : '');

/** Calls `each` with every function-valued member of `target` under its slot, "Root key" (" get" / " set" for an accessor's). */
function eachSlot(pristine: Pristine, name: string, target: object, each: (slot: string, fn: Function) => void): void {
  const keys = pristine.ownKeys(target);
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const found = pristine.describe(target, key)!;
    if (typeof found.value === 'function') each(`${name} ${pristine.text(key)}`, found.value);
    if (typeof found.get === 'function') each(`${name} ${pristine.text(key)} get`, found.get);
    if (typeof found.set === 'function') each(`${name} ${pristine.text(key)} set`, found.set);
  }
}

/** What a fresh realm's built-ins look like; `realm` is its window, read while its frame is in the page. */
export function referenceOf(realm: Window): Reference {
  const R = realm as unknown as { Reflect: typeof Reflect; Function: FunctionConstructor; Object: ObjectConstructor; Array: ArrayConstructor; RegExp: RegExpConstructor; String: StringConstructor; Number: NumberConstructor; Map: MapConstructor; Set: SetConstructor };
  const toString = R.Function.prototype.toString;
  const includes = R.String.prototype.includes;
  const apply = R.Reflect.apply;
  const pristine: Pristine = {
    ownKeys: R.Reflect.ownKeys,
    describe: R.Reflect.getOwnPropertyDescriptor,
    protoOf: R.Reflect.getPrototypeOf,
    print: (fn) => apply(toString, fn, []) as string,
    includes: (text, part) => apply(includes, text, [part]) as boolean,
    text: R.String as never,
    Map: R.Map,
    Set: R.Set,
    Array: R.Array,
  };
  const global = realm as unknown as Global;
  const all = rootsOf(pristine, global, [R.Object.prototype, R.Array.prototype, R.Function.prototype, R.RegExp.prototype, R.String.prototype, R.Number.prototype]);
  iteratorsOf(pristine, global, new R.Array(), new R.RegExp('x', 'g'), '').forEach((value, name) => all.set(name, value));
  const names = new pristine.Map<object, string>();
  all.forEach((value, name) => names.set(value, name));
  const roots: Root[] = new pristine.Array();
  const slots = new pristine.Map<Function, string>();
  const aliases = new pristine.Set<string>();
  all.forEach((value, name) => {
    const proto = pristine.protoOf(value);
    const members = new pristine.Map<PropertyKey, [PropertyKey, string, string, string]>();
    const keys = pristine.ownKeys(value);
    for (let index = 0; index < keys.length; index += 1) {
      const found = pristine.describe(value, keys[index]!)!;
      members.set(keys[index]!, [keys[index]!, printed(pristine, found.value), printed(pristine, found.get), printed(pristine, found.set)]);
    }
    roots[roots.length] = { name, members, proto: proto ? (names.get(proto) ?? '?') : null };
    eachSlot(pristine, name, value, (slot, fn) => {
      const before = slots.get(fn);
      if (before === undefined) slots.set(fn, slot);
      else aliases.add(`${before} ${slot}`);
    });
  });
  const globals: Array<[string, string]> = new pristine.Array();
  for (let index = 0; index < GLOBALS.length; index += 1) {
    const value = globalOf(pristine, global, GLOBALS[index]!);
    if (value !== undefined) globals[globals.length] = [GLOBALS[index]!, printed(pristine, value) || 'object'];
  }
  const some = pristine.print(R.Array.prototype.some);
  const at = apply(R.String.prototype.indexOf, some, ['some']) as number;
  const cut = (from: number, to?: number) => apply(R.String.prototype.slice, some, [from, to]) as string;
  return { pristine, roots, aliases, globals, template: [cut(0, at), cut(at + 4)] };
}

/**
 * What of this window's built-ins is no longer the engine's, against `reference` ('' when all
 * are, else the first member found changed, "Array.prototype some"). Reads them only
 * through the fresh realm's Reflect and toString (no getter or method of this window's runs), and
 * makes an iterator of each kind only after the members that make it passed.
 */
export function changedAgainst(reference: Reference, global: Global): string {
  const pristine = reference.pristine;
  const roots = reference.roots;
  const functionProto = pristine.protoOf(() => undefined)!;
  // The globals that name the built-ins: plain values, the engine's, of this window.
  for (let index = 0; index < reference.globals.length; index += 1) {
    const name = reference.globals[index]![0];
    const print = reference.globals[index]![1];
    const found = pristine.describe(global, name);
    if (!found || !('value' in found)) return name;
    const value = found.value as unknown;
    if (typeof value === 'function') {
      // This window's: its prototype is Function.prototype, or for a typed array's constructor the
      // %TypedArray% constructor, whose own is.
      const proto = pristine.protoOf(value);
      if (pristine.print(value) !== print || (proto !== functionProto && (!proto || pristine.protoOf(proto) !== functionProto))) return name;
    } else if (print !== 'object' || !value || typeof value !== 'object') return name;
  }
  const wrap = globalOf(pristine, global, 'Object') as ObjectConstructor;
  const literals = [pristine.protoOf({})!, pristine.protoOf([])!, functionProto, pristine.protoOf(/x/)!, pristine.protoOf(wrap(''))!, pristine.protoOf(wrap(0))!];
  // Each constructor's `prototype` is the one this window's own objects have.
  for (let index = 0; index < LITERALS.length; index += 1) {
    if (globalOf(pristine, globalOf(pristine, global, LITERALS[index]!), 'prototype') !== literals[index]) return LITERALS[index]!;
  }
  const ours = rootsOf(pristine, global, literals);
  const slots = new pristine.Map<Function, string>();
  let moved = '';
  const check = (root: Root, target: object | undefined): string => {
    const changed = target ? sameMembers(pristine, root, target, functionProto) : root.name;
    if (changed) return changed;
    eachSlot(pristine, root.name, target!, (slot, fn) => {
      const before = slots.get(fn);
      if (before === undefined) slots.set(fn, slot);
      else if (!reference.aliases.has(`${before} ${slot}`)) moved ||= slot;
    });
    return moved;
  };
  for (let index = 0; index < roots.length; index += 1) {
    const root = roots[index]!;
    const changed = ours.has(root.name) ? check(root, ours.get(root.name)) : '';
    if (changed) return changed;
  }
  // Iterators are made only now, with the members that make them known to be the engine's.
  const iterators = iteratorsOf(pristine, global, [], /x/g, '');
  for (let index = 0; index < roots.length; index += 1) {
    const root = roots[index]!;
    const changed = iterators.has(root.name) ? check(root, iterators.get(root.name)) : '';
    if (changed) return changed;
  }
  iterators.forEach((value, name) => ours.set(name, value));
  // Each one's own prototype, as in a fresh realm (no Proxy slipped under Array.prototype).
  for (let index = 0; index < roots.length; index += 1) {
    const root = roots[index]!;
    const target = ours.get(root.name);
    if (!target || root.proto === '?') continue;
    const proto = pristine.protoOf(target);
    if (root.proto === null ? proto !== null : proto !== ours.get(root.proto)) return `${root.name}'s prototype`;
  }
  return generatorIntact(reference, functionProto, ours.get('Iterator.prototype')) ? '' : 'the generators\' prototype';
}

/** Own members as the fresh realm's (each printed the same and of this window, and nothing added that the agent's code would reach), or the first that is not. */
function sameMembers(pristine: Pristine, root: Root, target: object, functionProto: object): string {
  const keys = pristine.ownKeys(target);
  let matched = 0;
  for (let index = 0; index < keys.length; index += 1) {
    const found = pristine.describe(target, keys[index]!)!;
    const slot = `${root.name} ${pristine.text(keys[index]!)}`;
    const member = root.members.get(keys[index]!);
    if (!member) {
      // Added: a legacy library's method under a new name; never on Object.prototype (every object
      // of the agent's would read it), never an accessor, never an engine's function moved here.
      if (root.name === 'Object.prototype' || !('value' in found)) return slot;
      if (typeof found.value === 'function' && pristine.includes(pristine.print(found.value), '[native code]')) return slot;
      continue;
    }
    matched += 1;
    const parts = [found.value, found.get, found.set];
    for (let part = 0; part < 3; part += 1) {
      const fn = parts[part];
      const want = member[part + 1];
      if (typeof fn === 'function' ? pristine.print(fn) !== want || pristine.protoOf(fn) !== functionProto : want !== '') return slot;
    }
  }
  return matched === root.members.size ? '' : `${root.name} (a member removed)`;
}

/** The generators' prototype (the snapshot's walk and the guard's field search run in generators): next, return and throw, the engine's. */
function generatorIntact({ pristine, template }: Reference, functionProto: object, iterator: object | undefined): boolean {
  const generator = pristine.protoOf(pristine.protoOf((function* () {})())!)!;
  if (pristine.protoOf(generator) !== iterator) return false;
  const keys = pristine.ownKeys(generator);
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    if (key === 'constructor' || key === Symbol.toStringTag) continue;
    const found = pristine.describe(generator, key)!;
    if (typeof key !== 'string' || !('value' in found) || typeof found.value !== 'function') return false;
    if (pristine.print(found.value) !== `${template[0]}${key}${template[1]}` || pristine.protoOf(found.value) !== functionProto) return false;
  }
  return true;
}
