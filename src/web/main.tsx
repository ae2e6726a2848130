// The entry of every page the browser renders (index.html). A server-rendered page has its own
// entry instead (src/web/boot, decision 45), which starts the app the same way.
import { start } from './start';

start();
