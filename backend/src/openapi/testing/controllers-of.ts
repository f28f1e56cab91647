import type { DynamicModule, Type } from '@nestjs/common';

type ModuleRef = Type<unknown> | DynamicModule;

/**
 * Every controller a module tree declares, static and dynamic modules alike, read from their metadata without
 * building them: what the API description is made of when no running API is at hand (its specs).
 */
export function controllersOf(root: ModuleRef, seen = new Set<unknown>()): Type<unknown>[] {
  if (!root || seen.has(root)) return [];
  seen.add(root);
  const dynamic = 'module' in root ? root : undefined;
  const moduleClass = dynamic ? dynamic.module : (root as Type<unknown>);
  const own = [...((Reflect.getMetadata('controllers', moduleClass) ?? []) as Type<unknown>[]), ...(dynamic?.controllers ?? [])];
  const imports = [...((Reflect.getMetadata('imports', moduleClass) ?? []) as ModuleRef[]), ...((dynamic?.imports ?? []) as ModuleRef[])];
  return [...new Set([...own, ...imports.flatMap((child) => controllersOf(child, seen))])];
}
