import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * Every path of the panel's route tree (src/app/router.tsx), as the compiler knows it: a link to a
 * path that is not a route, or one that lacks its parameters, does not build.
 */
export type AppPath = keyof RegisteredRouter['routesByPath'] & string;

/** A path without parameters: a list, a page. */
export type StaticPath = Exclude<AppPath, `${string}$${string}`>;

/** The per-user lists of SPEC §2 (/user-cafe/{userId} and the like). */
export type UserListPath = Extract<AppPath, `${string}/$userId`>;
