// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractItemModel>
#include <QJsonValue>

#include <memory>
#include <vector>

// A job's data (JSON text) as a collapsible tree: key, value, type. Nodes are made only when a
// view asks for them, and each node shows at most chunkSize() children followed by a "… N more"
// row; showMore() on that row shows the next chunk. So megabytes of data open without freezing
// the window, and nothing grows unless the operator asks (no fetchMore behind their back). Text
// that is not JSON leaves the tree empty: isValid() is false and errorString() says where the text
// broke; the view then shows the raw text, flagged as invalid.
// Parsing megabytes takes longer than a frame, so parse() runs on any thread and setParsed() only
// swaps the result in; setJson() does both at once, for small text and tests.
class JsonTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTreeModel)

public:
    enum Column { KeyColumn, ValueColumn, TypeColumn, ColumnCount };
    // True on the "… N more" row that closes a node shown in part.
    static constexpr int MoreRole = Qt::UserRole + 1;
    // The value behind a row (QJsonValue), for copying.
    static constexpr int JsonRole = Qt::UserRole + 2;

    static constexpr int DefaultChunkSize = 500;
    // A top level of this many rows or fewer opens expanded one level (views do it; parse()
    // makes that level ahead).
    static constexpr int ExpandedBelowRows = 40;
    // A parsed document: its tree, whether the text was JSON and where it broke if not.
    struct Parsed;

    explicit JsonTreeModel(QObject *parent = nullptr);
    ~JsonTreeModel() override;

    // Any thread: parses `text` and makes the rows a view shows first (the top level's first
    // chunk, and the level below it when the top is small enough to open expanded), each cell's
    // text cut once, so the GUI thread never converts a megabyte string.
    static std::shared_ptr<Parsed> parse(const QString &text, int chunkSize = DefaultChunkSize);
    // Shows `parsed` (a reset: the tree is new). `parsed` is the model's from now on: the old
    // one is returned, for the caller to let go of where freeing it stalls no one.
    std::shared_ptr<Parsed> setParsed(std::shared_ptr<Parsed> parsed);
    // Parses `text` and shows it, on this thread.
    void setJson(const QString &text);
    bool isValid() const;
    QString errorString() const;
    void setChunkSize(int rows) { m_chunk = qMax(1, rows); }
    int chunkSize() const { return m_chunk; }

    bool isMoreRow(const QModelIndex &index) const;
    // `moreRow` is a "… N more" row: its node shows its next chunk of children.
    void showMore(const QModelIndex &moreRow);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node;

    Node *nodeOf(const QModelIndex &parent) const; // the node whose children `parent`'s rows are
    Node *child(Node *node, int row) const;        // made on first use
    static Node *childOf(Node *node, int row, int chunk);
    static void setValue(Node *node, QJsonValue value, int chunk);
    static int total(const Node *node);
    QVariant display(const Node *node, int column) const;

    std::shared_ptr<Parsed> m_parsed;
    Node *m_root; // m_parsed's
    int m_chunk = DefaultChunkSize;
};
