// Tic-tac-toe for boardgame.io, written for wolfpack's benchmark: the same game as the wolfpack plugin in
// examples/wolfpack-tictactoe (X, seat "0", marks first; three in a line wins; a full grid is a draw).
const { INVALID_MOVE } = require("boardgame.io/core");

const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

/** The seat ("0" or "1") whose mark fills a line, or null. */
function lineOwner(cells) {
  for (const [a, b, c] of LINES) {
    if (cells[a] !== null && cells[a] === cells[b] && cells[a] === cells[c]) return cells[a];
  }
  return null;
}

const TicTacToe = {
  name: "tictactoe",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    // `client: false`: the move is played on the server only, so a seat sees its own move when the server sends
    // it, as a wolfpack seat does (no optimistic update to flatter the latency).
    clickCell: {
      move: ({ G, playerID }, cell) => {
        if (!Number.isInteger(cell) || cell < 0 || cell > 8 || G.cells[cell] !== null) return INVALID_MOVE;
        G.cells[cell] = playerID;
      },
      client: false,
    },
  },
  endIf: ({ G }) => {
    const owner = lineOwner(G.cells);
    if (owner !== null) return { winner: owner };
    if (G.cells.every((cell) => cell !== null)) return { draw: true };
  },
};

module.exports = { TicTacToe, lineOwner };
