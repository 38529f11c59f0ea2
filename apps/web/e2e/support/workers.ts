/** How many browser-test files run at once (E2E_WORKERS, 2 by default); each has a shared server of its own. */
export function e2eWorkers(): number {
  const wanted = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : 2;
}
