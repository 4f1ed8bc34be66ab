// The sandbox's routes: templates (`/v1/charges/:id`) compiled once, matched segment by segment.
import type { RouteDef } from './route-shapes.js';

export interface CompiledRoute extends RouteDef {
  segs: string[];
  /** Rate-limit category: method + template (`GET /v1/charges/:id`). */
  category: string;
}

export function compile(defs: RouteDef[]): CompiledRoute[] {
  return defs.map((definition) => ({
    ...definition,
    segs: definition.path.split('/'),
    category: `${definition.method} ${definition.path}`,
  }));
}

const EMPTY_PARAMS: string[] = [];

/** Finds the route; `methodMismatch` when the path exists under another method. */
export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  segs: string[],
): { route: CompiledRoute; params: string[] } | { route: null; allowed: string[] } {
  const allowed: string[] = [];
  outer: for (const route of routes) {
    if (route.segs.length !== segs.length) continue;
    let params = EMPTY_PARAMS;
    for (let index = 1; index < segs.length; index++) {
      const template = route.segs[index]!;
      const segment = segs[index]!;
      if (template.charCodeAt(0) === 58 /* : */) {
        if (segment === '') continue outer;
        if (params === EMPTY_PARAMS) params = [];
        params.push(segment.includes('%') ? safeDecode(segment) : segment);
      } else if (template !== segment) continue outer;
    }
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return { route: null, allowed };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
