// One way to start a small node:http server (the sandbox, the webhook receiver): a request whose
// handler throws is answered by `answerFailure` (or dropped once headers went out), a malformed
// request gets a bare 400, and a port that cannot be had rejects the start.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface HttpServerOptions {
  port: number;
  host: string;
  keepAliveTimeout?: number;
  /** Writes the answer to a request whose handler threw (headers not yet sent). */
  answerFailure(res: ServerResponse, error: unknown): void;
}

/** A listening server for `handle`; rejects with the listen error (EADDRINUSE…). */
export async function startHttpServer(handle: RequestHandler, options: HttpServerOptions): Promise<Server> {
  const server = createServer({ keepAliveTimeout: options.keepAliveTimeout ?? 5000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      try {
        if (!res.headersSent) options.answerFailure(res, error);
        else res.destroy();
      } catch {
        res.destroy();
      }
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port, options.host);
  });
  // Errors after the start (a socket's) are the connection's business, not the server's.
  server.on('error', () => {});
  return server;
}

/** `http://127.0.0.1:4010`, `http://[::1]:4010`: the server's base URL, no trailing slash. */
export function serverUrl(server: Server, host: string): { url: string; port: number } {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port };
}

/** Closes the server and every connection it holds. */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
