/**
 * The rate limiter's key for a client address. One IPv6 client usually holds a whole /64 and can rotate within it,
 * so IPv6 addresses are keyed by their first 64 bits; IPv4 addresses are keyed whole.
 */
export function clientKeyOf(address: string | undefined): string {
  if (!address) return 'local';
  const ip = address.trim();
  if (!ip.includes(':')) return ip;
  return `${ipv6Prefix64(ip)}::/64`;
}

/** The first four groups of an IPv6 address, expanded (`2001:db8::1` → `2001:db8:0:0`). */
function ipv6Prefix64(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const count = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = tail === undefined ? left : [...left, ...new Array<string>(Math.max(0, 8 - count(left) - count(right))).fill('0'), ...right];
  return groups.slice(0, 4).map((g) => (g.includes('.') ? g : String(Number.parseInt(g || '0', 16).toString(16)))).join(':');
}
