import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client an address stands for, as the per-client limits count it: an IPv4 address as it
 * is (also when written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64 — one
 * household, phone or server gets a whole /64, and can pick any address in it at will.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const unzoned = address.split('%')[0] ?? address;
  if (isIPv4(unzoned) || !isIPv6(unzoned)) return address;
  return `${ipv6Groups(unzoned).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((group) =>
          // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
          group.includes('.') ? ['0', '0'] : [Number.parseInt(group, 16).toString(16)],
        );
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const zeros = Array.from({ length: 8 - front.length - back.length }, () => '0');
  return [...front, ...zeros, ...back];
}
