"""A flat Monte Carlo bot: it tries each legal action in a few random play-outs and takes the best on average."""

from wolfpack.engine.bot import Bot, RandomBot
from wolfpack.engine.chance import sample_chance_outcome
from wolfpack.engine.play import bot_decision


class MonteCarloBot(Bot):
    games = ("spacewolves", "wolves-on-the-hunt")  # it plays on copies of the state: only games without secrets
    playouts = 4

    def step(self, state, player=None):
        seat = state.current_player() if player is None else player
        if player is not None and player not in state.waiting_for():
            return None  # an optional moment (help between turns, say): let it pass
        return max(state.legal_actions(player), key=lambda action: self.value(state, action, player, seat))

    def value(self, state, action, player, seat):
        """Seat `seat`'s total return over random play-outs after `action`."""
        total = 0.0
        for _ in range(self.playouts):
            game, others = state.clone(), [RandomBot(self.rng.random())] * state.num_players()
            game.apply_action(action, player)
            while not game.is_terminal():
                if game.is_chance_node():
                    game.apply_action(sample_chance_outcome(game, self.rng))
                else:
                    acting, choice = bot_decision(game, others)
                    game.apply_action(choice, acting if game.is_simultaneous_node() else None)
            total += game.returns()[seat]
        return total
