// Runs the every-scalar pass of libFuzzHooks.so once (see EveryScalarPass.swift).
int sharevia_every_scalar(void);

int main(void) { return sharevia_every_scalar(); }
