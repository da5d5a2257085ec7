// layercast-bench: see README "Performance". Placeholder until the benchmark lands.
print("layercast-bench")
