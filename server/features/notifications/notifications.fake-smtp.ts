import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type FakeSmtp = {
  /** smtp://127.0.0.1:port, to use as SMTP_URL. */
  url: string;
  /** Every message body (headers and text) accepted, oldest first. */
  received: string[];
  /** When true, recipients are refused (550), so sending fails. */
  refuse: boolean;
  /** Resolves once `count` messages arrived (fails after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/** A minimal SMTP server on 127.0.0.1 for tests: plain SMTP, no TLS, no authentication. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const fake: FakeSmtp = {
    url: '',
    received,
    refuse: false,
    waitFor: async (count, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`fake SMTP: ${received.length} of ${count} messages arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end).replace(/^\.\./gm, '.'));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (verb === 'RCPT') socket.write(fake.refuse ? '550 5.1.1 mailbox unavailable\r\n' : '250 2.1.5 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
