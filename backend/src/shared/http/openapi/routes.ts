import { RequestMethod, type INestApplication } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';

/** One route a controller declares, as the API description names it. */
export interface ControllerRoute {
  /** Lowercase HTTP method: get, post, put, delete… */
  method: string;
  /** OpenAPI path: `/api/links/{id}`. */
  path: string;
  /** `ControllerName_methodName`, the operation's id in the document. */
  operationId: string;
  /** The guards' classes (or instances), the controller's first. */
  guards: unknown[];
}

const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);

const join = (prefix: string, path: string) =>
  `/${[prefix, path].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route of every controller the application registered, read from the controllers' own metadata. */
export function controllerRoutes(app: INestApplication): ControllerRoute[] {
  const routes: ControllerRoute[] = [];
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const classGuards = (Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as unknown[];
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const guards = [...classGuards, ...((Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[])];
        for (const prefix of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
          for (const path of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({ method: RequestMethod[method].toLowerCase(), path: join(prefix, path), operationId: `${controller.name}_${name}`, guards });
          }
        }
      }
    }
  }
  return routes;
}
