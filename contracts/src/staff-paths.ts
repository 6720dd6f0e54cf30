/** Which pages belong to the staff dashboard (no dependencies: the public tracker imports it). */

/**
 * The staff dashboard's pages (`/marketing` and below, in any letter case as the router matches
 * them) are never website visits: the tracker does not send from them and the gateway drops a
 * hit for one (`staff_page`). A query string or fragment after the path is ignored.
 */
export function isStaffPath(path: string): boolean {
  let p = path.split(/[?#]/, 1)[0]!.toLowerCase();
  while (p.endsWith('/')) p = p.slice(0, -1);
  return p === '/marketing' || p.startsWith('/marketing/');
}
