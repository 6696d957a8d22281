"""What happens at the table and in a script: recording deals in a file, the guided entry of a
deal, an evening of deals (`scorepad play`). No printing of its own: it talks through the
functions it is given."""
