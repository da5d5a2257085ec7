// The entry point only; the subcommands live in their own files.
LayercastBench.main()
