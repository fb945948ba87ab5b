// boardgame.io's own server (Koa, its Lobby API and its socket.io transport, matches kept in memory) serving our
// tic-tac-toe on loopback: `node server.js PORT`. Started and stopped by benchmarks/server_vs_bgio.py.
const { Server, Origins } = require("boardgame.io/server");
const { TicTacToe } = require("./tictactoe");

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("usage: node server.js PORT");
  process.exit(2);
}
const server = Server({ games: [TicTacToe], origins: [Origins.LOCALHOST] });
server.run({ port }, () => console.log(`boardgame.io serving tictactoe on 127.0.0.1:${port}`));
