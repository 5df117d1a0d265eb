"""A transcript -> the move it means: lexing, names, comments, counts, yes/no answers."""
