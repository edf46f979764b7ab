import 'server-only';
import { chmod, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's one database session, shared over the PostgreSQL protocol on a Unix
 * socket by every connection of every process that uses the embedded database.
 *
 * PGlite runs a single backend: whatever one connection sends lands in the same
 * session as everybody else's. So the connections take turns, and a turn is
 * never cut in the middle of a unit of work:
 *
 * - a unit is a simple Query ('Q'), or the extended protocol's messages up to
 *   and including Sync ('S') (Parse, Bind, Describe, Execute, Sync: what `pg`
 *   sends for each query with parameters), run on PGlite in one go;
 * - a connection keeps its turn until an answer ends with ReadyForQuery
 *   saying "idle" ('I'): through a transaction ('T', or 'E' once it failed), and
 *   across a Flush ('H') or a COPY, whose answers end without one;
 * - a connection that goes away while it has the turn (a process killed in the
 *   middle of a transaction) leaves the session rolled back for the next one.
 *
 * Session state (SET, named prepared statements, advisory locks held outside a
 * transaction) is still one for all connections: this site uses none of it,
 * and a process that serves the folder migrates before anyone else connects.
 */

export type EmbeddedServerStats = {
  /** Connections open now. */
  connections: number;
  /** Connections with work that waits for another connection's turn to end. */
  waiting: number;
};

export type EmbeddedServer = {
  stats: () => EmbeddedServerStats;
  /**
   * Stops taking connections, lets the unit of work in hand finish, rolls back
   * a transaction left open and hangs up on every client. PGlite stays open.
   */
  close: () => Promise<void>;
};

// The first four bytes of a message without a type byte, after its length.
const protocolVersion3 = 196_608;
const sslRequestCode = 80_877_103;
const gssEncRequestCode = 80_877_104;
const cancelRequestCode = 80_877_102;
/** A startup message larger than this is not one (PostgreSQL allows 10,000 bytes). */
const maxStartupLength = 10_000;
/** Far above anything this site sends; a length beyond it is a broken stream. */
const maxMessageLength = 64 * 1024 * 1024;
/** Messages after which the client waits for an answer: the end of a unit, so it is run. */
const unitEnds = new Set(['Q', 'S', 'H', 'F', 'c', 'f'].map((type) => type.charCodeAt(0)));
const terminate = 'X'.charCodeAt(0);

type Unit = { kind: 'startup' | 'work'; bytes: Buffer } | { kind: 'terminate' };

/** One frontend message with its type byte and length. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A FATAL ErrorResponse, for a client this server hangs up on. */
function fatal(code: string, text: string): Buffer {
  const field = (tag: string, value: string) => Buffer.from(`${tag}${value}\0`, 'utf8');
  return message(
    'E',
    Buffer.concat([
      field('S', 'FATAL'),
      field('V', 'FATAL'),
      field('C', code),
      field('M', text),
      Buffer.from([0]),
    ]),
  );
}

/**
 * What leaves the session clean after a connection that went away with the
 * turn: a statement that cannot parse fails whatever the extended protocol had
 * begun (so the Sync after it commits nothing), and ROLLBACK ends a
 * transaction. Each part is harmless when there is nothing to undo.
 */
const resetSession = Buffer.concat([
  message(
    'P',
    Buffer.concat([
      Buffer.from('\0'),
      Buffer.from('ROLLBACK: the client went away (\0'),
      Buffer.from([0, 0]),
    ]),
  ),
  message('S', Buffer.alloc(0)),
  message('Q', Buffer.from('ROLLBACK\0')),
]);

/**
 * The transaction status of ReadyForQuery when `answer` ends with one ('I'
 * idle, 'T' in a transaction, 'E' in a failed one), else undefined: the
 * session still belongs to the unit's connection.
 */
export function readyStatus(answer: Uint8Array): string | undefined {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  let offset = 0;
  let last: { type: number; at: number; length: number } | undefined;
  while (offset + 5 <= bytes.length) {
    const length = bytes.readInt32BE(offset + 1);
    if (length < 4) return undefined;
    last = { type: bytes[offset]!, at: offset, length };
    offset += 1 + length;
  }
  if (offset !== bytes.length || !last) return undefined;
  if (last.type !== 'Z'.charCodeAt(0) || last.length !== 5) return undefined;
  return String.fromCharCode(bytes[last.at + 5]!);
}

/** Whose turn it is on the session, and who waits for it, first come first served. */
class Turns {
  private holder: Connection | undefined;
  private readonly queue: { connection: Connection; grant: (granted: boolean) => void }[] = [];

  get waiting() {
    return this.queue.length;
  }

  /** Resolves with true once it is `connection`'s turn; false if it gave up meanwhile. */
  take(connection: Connection): Promise<boolean> {
    if (this.holder === connection) return Promise.resolve(true);
    if (!this.holder) {
      this.holder = connection;
      return Promise.resolve(true);
    }
    return new Promise((grant) => this.queue.push({ connection, grant }));
  }

  release(connection: Connection) {
    if (this.holder !== connection) return;
    const next = this.queue.shift();
    this.holder = next?.connection;
    next?.grant(true);
  }

  /** A connection that closed stops waiting. */
  forget(connection: Connection) {
    const index = this.queue.findIndex((entry) => entry.connection === connection);
    if (index >= 0) this.queue.splice(index, 1)[0]!.grant(false);
  }
}

type Session = {
  turns: Turns;
  run: (bytes: Uint8Array) => Promise<Buffer>;
  idleHoldMs: number;
};

/** One client's connection: its bytes cut into units of work, run on its turns. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private started = false;
  /** Extended-protocol messages received since the last end of a unit. */
  private pending: Buffer[] = [];
  private readonly units: Unit[] = [];
  private holding = false;
  private pumping: Promise<void> | undefined;
  private closed = false;
  /** Set while the connection holds the session with nothing to run. */
  private idleTimer: NodeJS.Timeout | undefined;
  private finished!: () => void;
  /** Resolves once the connection has closed and no longer runs or holds anything on the session. */
  readonly done = new Promise<void>((resolve) => (this.finished = resolve));

  constructor(
    private readonly socket: Socket,
    private readonly session: Session,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => {}); // a client that hangs up mid-write; 'close' follows
    socket.on('close', () => {
      clearTimeout(this.idleTimer);
      this.closed = true;
      this.units.length = 0;
      this.session.turns.forget(this);
      void this.pump();
    });
  }

  hangUp() {
    this.socket.destroy();
  }

  private refuse(code: string, text: string) {
    this.socket.end(fatal(code, text));
    this.closed = true;
  }

  /**
   * A connection idle in the middle of a transaction holds everyone else up (a
   * process stopped in a debugger, a script waiting for input): while others
   * wait, it is given `idleHoldMs`, then disconnected and its transaction
   * rolled back, as PostgreSQL's idle_in_transaction_session_timeout does.
   */
  private watchIdleHold() {
    clearTimeout(this.idleTimer);
    if (!this.holding || this.closed || this.units.length > 0) return;
    this.idleTimer = setTimeout(() => {
      if (this.session.turns.waiting === 0) return this.watchIdleHold();
      this.refuse('25P03', 'terminating connection due to idle-in-transaction timeout');
      this.socket.destroySoon();
    }, this.session.idleHoldMs);
    this.idleTimer.unref();
  }

  private receive(chunk: Buffer) {
    clearTimeout(this.idleTimer);
    if (this.closed) return;
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    while (!this.closed) {
      const taken = this.started ? this.takeMessage() : this.takeStartup();
      if (!taken) break;
    }
    void this.pump();
  }

  /** The messages before the session starts: SSL and GSS encryption requests, a cancel, the startup. */
  private takeStartup(): boolean {
    if (this.buffered.length < 8) return false;
    const length = this.buffered.readInt32BE(0);
    const code = this.buffered.readInt32BE(4);
    if (length < 8 || length > maxStartupLength) {
      this.refuse('08P01', 'invalid startup packet');
      return false;
    }
    if (this.buffered.length < length) return false;
    const bytes = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    if (code === sslRequestCode || code === gssEncRequestCode) {
      // No encryption on a socket only this user can open; the client goes on in the clear.
      this.socket.write('N');
    } else if (code === cancelRequestCode) {
      // PGlite runs one statement at a time to its end: there is nothing to cancel.
      this.socket.end();
      this.closed = true;
    } else if (code === protocolVersion3) {
      this.started = true;
      this.units.push({ kind: 'startup', bytes: Buffer.from(bytes) });
    } else {
      this.refuse('0A000', 'unsupported frontend protocol');
    }
    return !this.closed;
  }

  private takeMessage(): boolean {
    if (this.buffered.length < 5) return false;
    const type = this.buffered[0]!;
    const length = this.buffered.readInt32BE(1);
    if (length < 4 || length > maxMessageLength) {
      this.refuse('08P01', 'invalid message length');
      return false;
    }
    if (this.buffered.length < 1 + length) return false;
    const bytes = Buffer.from(this.buffered.subarray(0, 1 + length));
    this.buffered = this.buffered.subarray(1 + length);
    if (type === terminate) {
      this.units.push({ kind: 'terminate' });
      this.closed = true;
      return false;
    }
    this.pending.push(bytes);
    if (unitEnds.has(type)) {
      this.units.push({ kind: 'work', bytes: Buffer.concat(this.pending) });
      this.pending = [];
    }
    return true;
  }

  /** Runs the units received, one after the other; one run at a time per connection. */
  private pump(): Promise<void> {
    this.pumping ??= this.runUnits().finally(() => {
      this.pumping = undefined;
      // Units that arrived while the last one finished.
      if (this.units.length > 0 && !this.closed) void this.pump();
      else if (this.closed) this.finished();
      else this.watchIdleHold();
    });
    return this.pumping;
  }

  private async runUnits() {
    while (this.units.length > 0) {
      const unit = this.units.shift()!;
      if (unit.kind === 'terminate') break;
      if (!this.holding) {
        if (!(await this.session.turns.take(this))) break;
        this.holding = true;
      }
      let answer: Buffer;
      try {
        answer = await this.session.run(unit.bytes);
      } catch {
        // PGlite refused the startup, or failed itself: this client cannot go on.
        this.units.length = 0;
        if (!this.socket.destroyed)
          this.socket.end(
            unit.kind === 'startup'
              ? fatal('08P01', 'the embedded database could not start a session')
              : fatal('57P01', 'the embedded database stopped'),
          );
        this.closed = true;
        break;
      }
      if (!this.socket.destroyed) this.socket.write(answer);
      // The startup answer ends "idle" too; anything else keeps the turn.
      if (readyStatus(answer) === 'I') this.release();
    }
    if (this.closed) {
      if (this.holding) await this.session.run(resetSession).catch(() => undefined);
      this.release();
      if (!this.socket.destroyed) this.socket.end();
    }
  }

  private release() {
    if (!this.holding) return;
    this.holding = false;
    this.session.turns.release(this);
  }
}

/**
 * Serves `db` on a Unix socket at `socketPath` (a file that must not exist),
 * readable and writable by this user only.
 */
export async function serveEmbedded(
  db: PGlite,
  socketPath: string,
  { idleHoldMs = 30_000 }: { idleHoldMs?: number } = {},
): Promise<EmbeddedServer> {
  const turns = new Turns();
  const session: Session = {
    turns,
    idleHoldMs,
    // PGlite's answer is a view of a buffer it reuses: copied before the next run.
    run: (bytes) => db.runExclusive(async () => Buffer.from(await db.execProtocolRaw(bytes))),
  };
  const connections = new Set<Connection>();
  let closing = false;
  const server = createServer((socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    const connection = new Connection(socket, session);
    connections.add(connection);
    void connection.done.then(() => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The socket is made with the process's umask; only its user may connect. The
  // folder it is in is the user's alone, so no one else could reach it meanwhile.
  await chmod(/* turbopackIgnore: true */ socketPath, 0o600);

  return {
    stats: () => ({ connections: connections.size, waiting: turns.waiting }),
    close: async () => {
      if (closing) return;
      closing = true;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.hangUp();
      await Promise.all([...connections].map((connection) => connection.done));
      await stopped;
      await rm(/* turbopackIgnore: true */ socketPath, { force: true });
    },
  };
}
