"""Language-aware text utilities shared by chunking, indexing, knowledge and the agent."""
