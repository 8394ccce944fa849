import { locateKey, locatePath, suggestion, type YamlSource } from '../golden/yaml-source.js';
import { PAYLOAD_IDS } from '../injection/payloads.js';

/**
 * Checks of a case's `faults:` and `inject:` that the schema cannot express, each reported where
 * it is written (the loader prefixes the case label). Guards on types: the schema reports shapes.
 */
export function layer2Problems(source: YamlSource, item: Record<string, unknown>, at: string, add: (location: ReturnType<typeof locatePath>, message: string) => void): void {
  if (Array.isArray(item.faults)) {
    item.faults.forEach((fault, index) => {
      if (!isObject(fault)) return;
      const path = [at, 'faults', String(index)];
      if (fault.type === 'slow' && fault.delay_ms === undefined) add(locateKey(source, path, 'type'), `faults[${index}]: type slow needs delay_ms (how late the answer comes, in milliseconds)`);
      if (fault.type !== 'slow' && fault.delay_ms !== undefined && typeof fault.type === 'string') add(locateKey(source, path, 'delay_ms'), `faults[${index}]: delay_ms applies to type slow, not ${fault.type}`);
      if (fault.seed !== undefined && fault.probability === undefined) add(locateKey(source, path, 'seed'), `faults[${index}]: seed applies to probability, which this entry does not have`);
    });
  }
  if (Array.isArray(item.inject)) {
    item.inject.forEach((entry, index) => {
      if (!isObject(entry) || typeof entry.payload !== 'string') return;
      if (PAYLOAD_IDS.includes(entry.payload)) return;
      add(
        locatePath(source, [at, 'inject', String(index), 'payload']),
        `inject[${index}]: unknown payload "${entry.payload}"${suggestion(entry.payload, PAYLOAD_IDS)}; the library has ${PAYLOAD_IDS.join(', ')} (or write {text: ...} for your own)`,
      );
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
