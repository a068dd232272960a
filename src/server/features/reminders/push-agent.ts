import dns from 'node:dns';
import type { ClientRequestArgs } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';

// The connect-time half of issue 34 point 1: whatever a push endpoint's name resolves to when
// the socket is opened (DNS may answer differently than it did a minute ago), the server does
// not connect to its own machine, its network or the cloud's metadata address. The check sits
// in the agent's `lookup`, the one answer the socket connects to, so a rebinding name cannot
// slip between a check and the connection.

// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d).
const blocked4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) {
  blocked4.addSubnet(prefix, bits, 'ipv4');
}
// IPv6: only global unicast (2000::/3) is reachable. Outside it: ::1, ::, IPv4-mapped and
// NAT64 forms of any address, unique-local fc00::/7, link-local fe80::/10, multicast.
const blocked6 = new net.BlockList();
for (const [prefix, bits] of [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 32], // Teredo (tunnels to an IPv4 address)
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
] as const) {
  blocked6.addSubnet(prefix, bits, 'ipv6');
}

/** Whether `address` is loopback, private, link-local or otherwise not a public host. */
export function isBlockedAddress(address: string): boolean {
  const unzoned = address.split('%')[0] ?? address;
  const family = net.isIP(unzoned);
  if (family === 0) return true;
  try {
    return family === 4 ? blocked4.check(unzoned, 'ipv4') : blocked6.check(unzoned, 'ipv6');
  } catch {
    return true;
  }
}

export class RefusedAddressError extends Error {
  readonly code = 'ERR_PUSH_ADDRESS_REFUSED';
  constructor(host: string, address: string) {
    super(`Refused to connect to ${host} at ${address}: not a public address`);
  }
}

type Resolve = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for sockets that refuses a name when any address it resolves to is blocked.
 * `resolve` is dns.lookup; a test passes its own to play a rebinding DNS server.
 */
export function guardedLookup(resolve: Resolve = dns.lookup): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((entry) => isBlockedAddress(entry.address));
      const first = addresses[0];
      if (refused || !first) {
        return callback(new RefusedAddressError(hostname, refused?.address ?? 'no address'), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The agent every push goes through: the guarded lookup for names and the same check for an
 * address written as one (sockets skip `lookup` then). Connections are kept and reused, at most
 * `maxSockets` to one push service.
 */
export class PushAgent extends https.Agent {
  constructor(resolve?: Resolve, options: https.AgentOptions = {}) {
    super({ keepAlive: true, maxSockets: 16, ...options, lookup: guardedLookup(resolve) });
  }

  override createConnection(
    options: ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? '').replace(/^\[|\]$/g, '');
    if (net.isIP(host.split('%')[0] ?? host) && isBlockedAddress(host)) {
      // The agent passes the error on to the request ('error'), as with a failed lookup.
      callback?.(new RefusedAddressError(host, host), undefined as unknown as Duplex);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}
