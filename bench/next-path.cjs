// autocannon's setupRequest for a load of many URLs (load.ts): each request, whichever connection
// sends it, takes the next path of one shared sequence. With the sequence as autocannon's own list of
// requests, every connection would walk it from the start, in step with the others. CommonJS
// because autocannon's worker thread `require`s it.
'use strict';

let next = 0;

module.exports = function nextPath(request) {
  const paths = request.paths;
  return { ...request, path: paths[next++ % paths.length] };
};
