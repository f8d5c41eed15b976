// Render the math that pymdownx.arithmatex (generic mode) wraps in .arithmatex
// elements: \( ... \) inline and \[ ... \] display. Only those elements are
// touched, so a dollar sign in prose or code is never taken for math.
// document$ is Material's page-load observable; it also fires after the first load.
document$.subscribe(({ body }) => {
  body.querySelectorAll(".arithmatex").forEach((element) => {
    renderMathInElement(element, {
      delimiters: [
        { left: "\\(", right: "\\)", display: false },
        { left: "\\[", right: "\\]", display: true },
      ],
      throwOnError: false,
    });
  });
});
