// What a hostile page does to the platform before the agent reads it: one of its prototypes'
// members replaced for the length of an attack, and put back whatever happens.

/** Redefines `proto[name]` (an accessor's getter, or a method) for the length of `run`. */
export async function redefined<T>(proto: object, name: string | symbol, replace: (original: PropertyDescriptor) => PropertyDescriptor, run: () => Promise<T>): Promise<T> {
  const before = Object.getOwnPropertyDescriptor(proto, name)!;
  try {
    Object.defineProperty(proto, name, { ...before, ...replace(before) });
    return await run();
  } finally {
    Object.defineProperty(proto, name, before);
  }
}
