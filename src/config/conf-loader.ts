// conf, loaded only when a setting or profile is written. Re-exported by name: the start-up
// bundle (dist/main.js) loads lazy chunks with Node's CommonJS interop, in which a package's
// default export arrives wrapped, while a named export arrives as it is.
export { default as Conf } from 'conf';
