import { navigationProblem, protocolOf, type NavigationOptions } from '@/lib/navigation/safe-url';

/** Whether a string of configuration is a link: it has a scheme or starts like a path. */
function looksLikeLink(value: string): boolean {
  return protocolOf(value) !== null || /^\s*[/\\]/.test(value);
}

/**
 * Every link in a piece of configuration that the safe-navigation rule
 * (src/lib/navigation/safe-url.ts) refuses, as `name.path.to[1].href: reason`.
 */
export function configLinkProblems(
  name: string,
  value: unknown,
  options: NavigationOptions,
): string[] {
  if (typeof value === 'string') {
    const problem = looksLikeLink(value) ? navigationProblem(value, options) : null;
    return problem ? [`${name}: ${problem}`] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => configLinkProblems(`${name}[${index}]`, item, options));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      configLinkProblems(`${name}.${key}`, item, options),
    );
  }
  return [];
}

/**
 * Throws when configuration holds an unsafe link. The configuration modules
 * call it as they load, and every page imports them while it is prerendered,
 * so such a link fails the build, naming the field.
 */
export function assertSafeConfigLinks(
  name: string,
  value: unknown,
  options: NavigationOptions,
): void {
  const problems = configLinkProblems(name, value, options);
  if (problems.length > 0) {
    throw new Error(`Unsafe link in configuration:\n  ${problems.join('\n  ')}`);
  }
}
