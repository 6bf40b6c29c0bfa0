/**
 * What a module reads from a module above it (a module never imports or calls up by name): the
 * reading module declares the port with the interface it needs; the composition root fills it with
 * the owning module once that module is built, in the modules' declared order (services.ts). Reading
 * a port nobody filled is a wiring fault, thrown as such, never a silent empty answer.
 */
export class Port<T> {
  private impl: T | null = null;

  constructor(readonly description: string) {}

  /** Called once, by the composition root, with the module that owns the data. */
  fill(impl: T): void {
    if (this.impl) throw new Error(`${this.description}: filled twice`);
    this.impl = impl;
  }

  get filled(): boolean {
    return this.impl !== null;
  }

  get(): T {
    if (!this.impl) throw new Error(`${this.description}: not filled (the module that owns it was not built)`);
    return this.impl;
  }
}
