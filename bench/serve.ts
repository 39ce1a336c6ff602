import { startServer } from './support.ts';

/**
 * The real server on its own, for benches whose measuring tool is busy in its own process
 * (Lighthouse): prints its address on the first line and runs until stdin closes.
 */
const server = await startServer();
console.info(server.url);
process.stdin.resume();
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
