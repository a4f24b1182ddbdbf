// For the tests and benchmarks: start an engine worker of a page's own and give the page
// `ask(request)`, which sends one bridge request and resolves to the parsed answer.
// page.evaluate(ENGINE_PROBE_JS, workerUrl) runs it (tools/suite.py reads it).
(workerUrl) => {
  window.engine = new Worker(workerUrl, {type: 'module'});
  window.ask = (request) => new Promise((resolve) => {
    const id = Math.random();
    const listen = (e) => {
      if (e.data.id !== id) return;
      engine.removeEventListener('message', listen);
      resolve(JSON.parse(e.data.response));
    };
    engine.addEventListener('message', listen);
    engine.postMessage({id, request: JSON.stringify(request)});
  });
}
