"""The playground: the local Discord, the real bot logged into it, and a page to play in."""
