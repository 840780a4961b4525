"""Words for the table: event lines, the step timer and the spoken narrator."""
