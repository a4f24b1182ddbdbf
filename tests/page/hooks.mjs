// Node's module hooks for the page-logic tests (see register.mjs).
const SITE = new URL("../../site/", import.meta.url).href;
const BUILD_INFO = new URL("./fixtures/build-info.js", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier.endsWith("/build-info.js")) return { url: BUILD_INFO, format: "module", shortCircuit: true };
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.startsWith(SITE) || url === BUILD_INFO) return next(url, { ...context, format: "module" });
  return next(url, context);
}
