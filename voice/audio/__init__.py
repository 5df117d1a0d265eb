"""Sound in and out: microphone and WAV sources, the Vosk recogniser, text-to-speech."""
