"""A championship in the hub: the director's desk (a room per table, results from their games), its export."""
