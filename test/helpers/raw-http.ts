import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request byte for byte over a socket (fetch and inject normalise the request line,
 * so they cannot send `GET http://host/api/… HTTP/1.1`, `//api` or a raw `%2e%2e`). The
 * server's answer is read until it closes the connection (`Connection: close`). A header given
 * as null is not sent, the default Host and Connection too.
 */
export function rawRequest(port: number, requestLine: string, headers: Record<string, string | null> = {}, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${requestLine}`)));
    socket.on('connect', () => {
      const sent = Object.entries({ Host: '127.0.0.1', Connection: 'close', ...headers }).filter(([, v]) => v !== null);
      const lines = [requestLine, ...sent.map(([k, v]) => `${k}: ${v}`)];
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = text.slice(0, split === -1 ? text.length : split).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
      if (!Number.isFinite(status)) return reject(new Error(`no HTTP answer to ${requestLine}: ${JSON.stringify(text.slice(0, 200))}`));
      const answerHeaders = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status, headers: answerHeaders, body: split === -1 ? '' : text.slice(split + 4) });
    });
  });
}
