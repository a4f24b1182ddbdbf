// Each game's board layout and new-game position, as the build wrote them
// (build.py, boards/<game>.json): what the page draws before the engine is up.
const boards = new Map();

/** The game's board layout and new-game position: {layout, start}; fetched once. */
export function boardData(name) {
  if (!boards.has(name)) {
    const promise = fetch(new URL(`../boards/${name}.json`, import.meta.url))
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error())))
      .catch(() => {
        throw new Error("its board could not be loaded (offline before the page was kept for offline use?). Reload to try again");
      });
    promise.catch(() => boards.delete(name));
    boards.set(name, promise);
  }
  return boards.get(name);
}
