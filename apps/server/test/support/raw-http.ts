import net from 'node:net';

/** An HTTP answer read off the wire: what `app.inject` gives, for requests inject cannot send. */
export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Sends bytes exactly as given on a fresh connection (absolute-form targets, dot segments, bytes
 * Node's parser refuses) and reads the answer until the server closes the connection.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('no answer before the timeout')));
    socket.on('data', (chunk) => chunks.push(chunk));
    // A reset after a complete answer (the server closing on a refused request) still counts.
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no HTTP answer: ${JSON.stringify(all.toString('latin1'))}`));
      const [statusLine = '', ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body: Buffer = all.subarray(split + 4);
      if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
      else if (headers['content-length']) body = body.subarray(0, Number(headers['content-length']));
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') });
    });
  });
}
