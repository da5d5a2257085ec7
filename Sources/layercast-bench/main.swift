LayercastBench.main()
