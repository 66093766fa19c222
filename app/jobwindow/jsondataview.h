// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jsontreemodel.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTreeView;

// A job's `data`: an indented, collapsible JSON tree (lazy, shown in chunks), or, for text that is
// not JSON, the raw text under a warning that says so and where it broke. Setting the same text
// again keeps the tree as the operator left it (expanded nodes, scroll position). Large data is
// parsed elsewhere (JsonTreeModel::parse on a pool thread) and handed in with setParsed().
class JsonDataView final : public QWidget
{
    Q_OBJECT

public:
    explicit JsonDataView(QWidget *parent = nullptr);

    // Parses `text` here, on the GUI thread: for small text.
    void setText(const QString &text);
    // Shows `text` parsed into `parsed`; a null `parsed` means the text is the one shown. Returns
    // the tree shown before, for the caller to free off this thread.
    std::shared_ptr<JsonTreeModel::Parsed> setParsed(const QString &text,
                                                     std::shared_ptr<JsonTreeModel::Parsed> parsed);
    QString text() const { return m_text; }
    bool isValidJson() const;

    JsonTreeModel *model() const { return m_model; }
    QTreeView *treeView() const { return m_tree; }
    QPlainTextEdit *rawView() const { return m_raw; }
    QLabel *warningLabel() const { return m_warning; }

private:
    void showTree(const QString &text);

    JsonTreeModel *m_model;
    QStackedWidget *m_stack;
    QTreeView *m_tree;
    QWidget *m_invalidPage;
    QLabel *m_warning;
    QPlainTextEdit *m_raw;
    QString m_text;
    bool m_hasText = false;
};
