// The lowest glibc a set of native libraries runs on: the highest GLIBC_x.y symbol version their
// dynamic string tables name. The executable's own Node needs 2.28.
import fs from 'node:fs';

export const NODE_GLIBC = '2.28';

const newer = (a, b) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  return x[0] !== y[0] ? x[0] > y[0] : (x[1] ?? 0) > (y[1] ?? 0);
};

export function glibcFloor(files) {
  let floor = NODE_GLIBC;
  for (const file of files) {
    for (const match of fs
      .readFileSync(file)
      .toString('latin1')
      .matchAll(/GLIBC_(2\.\d+(?:\.\d+)?)\0/g)) {
      if (newer(match[1], floor)) floor = match[1];
    }
  }
  return floor;
}
