#!/usr/bin/python3
"""Writes the scikit-learn reference fixtures for TreeLab's ranking and per-class metrics (tests/core/metrics).

Rerun from the repository root with Debian's Python, which has scikit-learn 1.2.1:
    /usr/bin/python3 tests/tools/make_metrics_fixtures.py
It reads datasets/*.csv and writes tests/fixtures/metrics/ranking.json. Tests need no Python.

Each case holds the true classes (indices into the sorted labels) and the test-row probabilities of
a model fitted on the other rows (numpy RandomState(0).permutation, the first 30% for testing):
shallow CART trees, whose leaves give many tied scores, and logistic regressions, whose scores
hardly tie. "glass_without_type_6" drops glass's Type 6 (class index 4) from the test rows, so a column of the
probabilities has no positive row. For each case sklearn's outputs: per class roc_curve
(drop_intermediate=True), precision_recall_curve, roc_auc_score and average_precision_score of
the class against the rest (None for an absent class); their macro and support-weighted means over
the classes present; the micro averages over the one-hot matrix (roc_auc_score(label_binarize(y),
proba, average="micro"), with np.eye for two classes) and its curves; per class
precision_recall_fscore_support of the predicted classes (the argmax), balanced_accuracy_score and
cohen_kappa_score. For two classes the binary scores of class 1 replace the means, as
roc_auc_score(y, proba[:, 1]) gives.
"""
import json
import os
import warnings

import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (average_precision_score, balanced_accuracy_score, cohen_kappa_score,
                             precision_recall_curve, precision_recall_fscore_support, roc_auc_score,
                             roc_curve)
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import shipped_data
from shipped_data import ROOT, sorted_labels, split

OUT = os.path.join(ROOT, "tests", "fixtures", "metrics")


def load(name, target):
    X, labels = shipped_data.load(name, target)
    classes = sorted_labels(labels)
    return X, np.array([classes.index(v) for v in labels]), len(classes)


def curve(x, y, thresholds):
    return {"x": x.tolist(), "y": y.tolist(), "thresholds": thresholds.tolist()}


def case(name, y, proba, classes):
    y = np.asarray(y)
    onehot = np.eye(classes)[y]
    support = onehot.sum(axis=0)
    per_class = []
    for k in range(classes):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fpr, tpr, roc_thresholds = roc_curve(onehot[:, k], proba[:, k])
            precision, recall, pr_thresholds = precision_recall_curve(onehot[:, k], proba[:, k])
        present = support[k] > 0
        per_class.append({
            "roc": curve(np.nan_to_num(fpr, nan=-1), np.nan_to_num(tpr, nan=-1), roc_thresholds),
            "pr": curve(recall, precision, pr_thresholds),
            "auc": float(roc_auc_score(onehot[:, k], proba[:, k])) if present else None,
            "ap": float(average_precision_score(onehot[:, k], proba[:, k])) if present else None,
        })
    aucs = np.array([c["auc"] for c in per_class if c["auc"] is not None])
    aps = np.array([c["ap"] for c in per_class if c["ap"] is not None])
    weights = support[support > 0]
    if classes == 2:
        macro_auc = weighted_auc = roc_auc_score(y, proba[:, 1])
        macro_ap = weighted_ap = average_precision_score(y, proba[:, 1])
    else:
        macro_auc, weighted_auc = aucs.mean(), np.average(aucs, weights=weights)
        macro_ap, weighted_ap = aps.mean(), np.average(aps, weights=weights)
        if (support > 0).all():  # sklearn averages itself only when every class is present
            assert np.isclose(macro_auc, roc_auc_score(y, proba, multi_class="ovr", average="macro"))
            assert np.isclose(weighted_auc, roc_auc_score(y, proba, multi_class="ovr", average="weighted"))
            assert np.isclose(macro_ap, average_precision_score(onehot, proba, average="macro"))
    micro_fpr, micro_tpr, micro_thresholds = roc_curve(onehot.ravel(), proba.ravel())
    micro_precision, micro_recall, micro_pr_thresholds = precision_recall_curve(onehot.ravel(), proba.ravel())
    predicted = proba.argmax(axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p, r, f, s = precision_recall_fscore_support(y, predicted, labels=list(range(classes)), zero_division=0)
        balanced = balanced_accuracy_score(y, predicted)
    return {
        "name": name, "classes": classes, "y": y.tolist(), "proba": proba.tolist(),
        "per_class": per_class,
        "macro_auc": float(macro_auc), "weighted_auc": float(weighted_auc),
        "micro_auc": float(roc_auc_score(onehot, proba, average="micro")),
        "macro_ap": float(macro_ap), "weighted_ap": float(weighted_ap),
        "micro_ap": float(average_precision_score(onehot, proba, average="micro")),
        "micro_roc": curve(micro_fpr, micro_tpr, micro_thresholds),
        "micro_pr": curve(micro_recall, micro_precision, micro_pr_thresholds),
        "predicted": predicted.tolist(),
        "precision": p.tolist(), "recall": r.tolist(), "f1": f.tolist(), "support": s.tolist(),
        "balanced_accuracy": float(balanced), "cohen_kappa": float(cohen_kappa_score(y, predicted)),
    }


def fitted(model, name, target):
    X, y, classes = load(name, target)
    train, test = split(len(y))
    model.fit(X[train], y[train])
    return y[test], model.predict_proba(X[test]), classes


def logistic():
    from sklearn.pipeline import make_pipeline
    return make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))


def main():
    os.makedirs(OUT, exist_ok=True)
    cases = []
    cases.append(case("iris_cart_depth2", *fitted(DecisionTreeClassifier(max_depth=2, random_state=0), "iris", "species")))
    cases.append(case("iris_logistic", *fitted(logistic(), "iris", "species")))
    cases.append(case("wdbc_cart_depth3", *fitted(DecisionTreeClassifier(max_depth=3, random_state=0), "wdbc", "diagnosis")))
    cases.append(case("glass_cart_depth4", *fitted(DecisionTreeClassifier(max_depth=4, random_state=0), "glass", "Type")))
    cases.append(case("glass_logistic", *fitted(logistic(), "glass", "Type")))
    y, proba, classes = fitted(DecisionTreeClassifier(max_depth=4, random_state=0), "glass", "Type")
    keep = y != 4
    cases.append(case("glass_without_type_6", y[keep], proba[keep], classes))
    payload = {"generator": "tests/tools/make_metrics_fixtures.py", "sklearn": sklearn.__version__, "cases": cases}
    with open(os.path.join(OUT, "ranking.json"), "w") as f:
        json.dump(payload, f)
        f.write("\n")


if __name__ == "__main__":
    main()
