/**
 * The caller's address as the per-address limits and view counts see it. An IPv6 client is given a
 * whole /64 (often more) by its provider and can pick any address in it, so each address counted on
 * its own made every per-address limit endless (a hostile review was refused SMS codes on 127.0.0.1
 * and got them again on ::1): an IPv6 address counts as its /64. An IPv4 address written as IPv6
 * (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
import ipaddr from 'ipaddr.js';

const IPV6_PREFIX_HEXTETS = 4;

/** Without the port some proxies append (`1.2.3.4:5678`, `[2001:db8::1]:443`): each connection had a key of its own. */
const withoutPort = (address: string) => address.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1');

export function addressKey(raw: string): string {
  const address = withoutPort(raw);
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, IPV6_PREFIX_HEXTETS)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
