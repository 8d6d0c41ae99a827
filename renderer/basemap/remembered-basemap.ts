/**
 * The offline basemap file the user opened, kept in IndexedDB so the app shows it again at the
 * next start (the browser cannot reopen a file by path; Electron's renderer is the same page).
 */
const DB = 'catastro-basemap';
const STORE = 'files';
const KEY = 'basemap';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export const rememberBasemap = (file: File) => run('readwrite', (store) => store.put(file, KEY)).then(() => undefined);
export const forgetBasemap = () => run('readwrite', (store) => store.delete(KEY)).then(() => undefined);
export const rememberedBasemap = () => run<File | undefined>('readonly', (store) => store.get(KEY) as IDBRequest<File | undefined>).catch(() => undefined);
