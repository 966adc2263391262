import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_FLAG, ChunkTimeoutError, loadChunk, withTimeout } from './lazy-chunk';
import { memoryStorage } from './memory-storage';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('rejects when the promise outlives the time-out', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => undefined), 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toBeInstanceOf(ChunkTimeoutError);
  });

  it('passes a result through', async () => {
    await expect(withTimeout(Promise.resolve(3), 10)).resolves.toBe(3);
  });
});

describe('loadChunk', () => {
  it('returns the module and clears the reload flag', async () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_FLAG]: '1' });
    const reload = vi.fn();
    await expect(loadChunk(async () => 'page', { timeoutMs: 1000, storage, reload })).resolves.toBe('page');
    expect(storage.dump()).toEqual({});
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once on failure, then gives up instead of looping', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

    void loadChunk(failing, { timeoutMs: 1000, storage, reload });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).not.toBeNull();

    // After the reload the same chunk fails again: the error reaches the route's error screen.
    await expect(loadChunk(failing, { timeoutMs: 1000, storage, reload })).rejects.toThrow(
      'dynamically imported',
    );
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
