// @ts-check

/** A map bounded by the bytes its values hold, least recently used out first. */
export class Lru {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** @type {Map<string, { value: any; size: number }>} */
    this.map = new Map();
  }
  /** @param {string} key */
  get(key) {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  /** @param {string} key @param {any} value @param {number} size */
  set(key, value, size) {
    this.delete(key);
    this.map.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, entry] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= entry.size;
    }
  }
  /** @param {string} key */
  delete(key) {
    const old = this.map.get(key);
    if (!old) return;
    this.map.delete(key);
    this.bytes -= old.size;
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
}
