"""Language packs and what is generated from them: number words, Vosk grammars, spoken wording."""
