import { TextDecoder } from 'node:util';
import { reclaimAfter } from './reclaim.js';

/**
 * One text (a stdout line, an HTTP body) decoded from UTF-8 as its bytes arrive. Joining all the
 * bytes first made one malloc'd block per answer outside V8's heap, and glibc keeps blocks of
 * megabytes once they are freed: a server answering with 15 MB bodies raised the peak RSS by most
 * of a body per answer. Here the bytes pass through one reused staging buffer and are decoded half
 * a megabyte at a time: the parts, and the text joined from them, live in V8's large-object space,
 * which gives its pages back when they are collected. (Decoding each 64 kB chunk alone filled
 * V8's young generation with parts instead.)
 */
export class Utf8Text {
  private decoder: TextDecoder | undefined;
  private readonly parts: string[] = [];
  /** A text's only chunk so far, not yet copied: most texts arrive in one. */
  private single: Uint8Array | undefined;
  private staging: Buffer | undefined;
  private staged = 0;
  /** Bytes of this text decoded in full stages so far. */
  private stagedOut = 0;
  private notUtf8 = false;

  /** `fatal`: bytes that are not UTF-8 make the text unreadable (finish() gives undefined); else they become U+FFFD. */
  constructor(private readonly fatal: boolean) {}

  append(bytes: Uint8Array): void {
    if (this.notUtf8 || bytes.length === 0) return;
    if (this.single === undefined && this.staged === 0 && this.parts.length === 0) {
      this.single = bytes;
      return;
    }
    if (this.single) {
      const first = this.single;
      this.single = undefined;
      this.stage(first);
    }
    this.stage(bytes);
  }

  /**
   * The text (its first `maxChars` when given), or undefined when it is not UTF-8; this object is
   * then ready for the next text.
   */
  finish(maxChars = Number.POSITIVE_INFINITY): string | undefined {
    let text: string | undefined;
    if (!this.notUtf8) {
      const rest = this.single ?? this.staging?.subarray(0, this.staged);
      if (this.decode(rest)) text = joinUpTo(this.parts, maxChars);
    }
    // A text long enough to need stages leaves megabytes of dead parts, and soon the text itself.
    if (this.stagedOut > 0) reclaimAfter(this.stagedOut + this.staged);
    this.parts.length = 0;
    this.single = undefined;
    this.staged = 0;
    this.stagedOut = 0;
    this.notUtf8 = false;
    return text;
  }

  private stage(bytes: Uint8Array): void {
    this.staging ??= Buffer.allocUnsafeSlow(STAGING_BYTES);
    let offset = 0;
    while (offset < bytes.length && !this.notUtf8) {
      const copied = Math.min(bytes.length - offset, STAGING_BYTES - this.staged);
      this.staging.set(bytes.subarray(offset, offset + copied), this.staged);
      this.staged += copied;
      offset += copied;
      if (this.staged === STAGING_BYTES) {
        // Decoded up to the last whole character; the 0-3 bytes of a split one start the next block.
        const end = completeUpTo(this.staging);
        this.decode(this.staging.subarray(0, end));
        this.stagedOut += end;
        this.staging.copyWithin(0, end);
        this.staged = STAGING_BYTES - end;
      }
    }
  }

  /** False (and the text marked not UTF-8) when the bytes are not UTF-8. */
  private decode(bytes: Uint8Array | undefined): boolean {
    // Not TextDecoder's stream mode: it decodes through ICU into two-byte strings, held outside V8's heap from 1 MB on.
    this.decoder ??= new TextDecoder('utf-8', { fatal: this.fatal });
    try {
      const part = this.decoder.decode(bytes);
      if (part !== '') this.parts.push(part);
      return true;
    } catch {
      this.notUtf8 = true;
      this.parts.length = 0;
      return false;
    }
  }
}

/** The length of the bytes' longest prefix that does not end inside a UTF-8 character. */
function completeUpTo(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back];
    if (byte < 0x80) return bytes.length; // ASCII: nothing is split
    if (byte >= 0xc0) {
      const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return needs > back ? bytes.length - back : bytes.length;
    }
  }
  return bytes.length; // no lead byte where one should be: not UTF-8, which decoding will say
}

/**
 * Decoded parts of this size go to V8's large-object space (over 128 kB), not through its young
 * generation; under 1 MB, no decoding path of Node's makes them external strings (malloc'd again).
 */
const STAGING_BYTES = 512 * 1024;

function joinUpTo(parts: string[], maxChars: number): string {
  if (parts.length === 1 && parts[0].length <= maxChars) return parts[0];
  if (!Number.isFinite(maxChars)) return parts.join('');
  const kept: string[] = [];
  let length = 0;
  for (const part of parts) {
    if (length >= maxChars) break;
    kept.push(part.length > maxChars - length ? part.slice(0, maxChars - length) : part);
    length += kept[kept.length - 1].length;
  }
  return kept.join('');
}
