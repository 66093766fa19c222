// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsondataview.h"

#include "jsontreemodel.h"
#include "tonestyle.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace {
// Raw text beyond this is cut: a text editor laying out tens of megabytes would freeze the window.
constexpr int RawTextLimit = 1 << 20;
} // namespace

JsonDataView::JsonDataView(QWidget *parent)
    : QWidget(parent)
    , m_model(new JsonTreeModel(this))
    , m_stack(new QStackedWidget(this))
    , m_tree(new QTreeView(this))
    , m_invalidPage(new QWidget(this))
    , m_warning(new QLabel(this))
    , m_raw(new QPlainTextEdit(this))
{
    m_tree->setModel(m_model);
    m_tree->setAccessibleName(tr("Data"));
    m_raw->setAccessibleName(tr("Data as stored"));
    m_tree->setUniformRowHeights(true); // lets the view skip measuring every row of large data
    m_tree->setAlternatingRowColors(true);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::KeyColumn, QHeaderView::Interactive);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::ValueColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::TypeColumn, QHeaderView::Interactive);
    m_tree->header()->resizeSection(JsonTreeModel::KeyColumn, 220);
    m_tree->header()->resizeSection(JsonTreeModel::TypeColumn, 80);
    connect(m_tree, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (m_model->isMoreRow(index))
            m_model->showMore(index);
    });

    m_warning->setWordWrap(true);
    m_warning->setTextFormat(Qt::RichText);
    ToneStyle::set(m_warning, ToneStyle::Look::Banner, ToneStyle::Tone::Warning,
                   QStringLiteral("border-radius: 3px; padding: 6px;"));
    m_raw->setReadOnly(true);
    m_raw->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *invalidLayout = new QVBoxLayout(m_invalidPage);
    invalidLayout->setContentsMargins(0, 0, 0, 0);
    invalidLayout->addWidget(m_warning);
    invalidLayout->addWidget(m_raw, 1);

    m_stack->addWidget(m_tree);
    m_stack->addWidget(m_invalidPage);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
}

bool JsonDataView::isValidJson() const
{
    return m_model->isValid();
}

void JsonDataView::setText(const QString &text)
{
    if (m_hasText && text == m_text)
        return; // unchanged on refresh: keep what the operator expanded
    setParsed(text, JsonTreeModel::parse(text, m_model->chunkSize()));
}

std::shared_ptr<JsonTreeModel::Parsed> JsonDataView::setParsed(const QString &text,
                                                               std::shared_ptr<JsonTreeModel::Parsed> parsed)
{
    if (m_hasText && !parsed)
        return {}; // unchanged on refresh: keep what the operator expanded
    m_hasText = true;
    m_text = text;
    std::shared_ptr<JsonTreeModel::Parsed> old = m_model->setParsed(std::move(parsed));
    showTree(text);
    return old;
}

void JsonDataView::showTree(const QString &text)
{
    if (m_model->isValid()) {
        m_raw->clear();
        m_stack->setCurrentWidget(m_tree);
        if (m_model->rowCount() <= JsonTreeModel::ExpandedBelowRows)
            m_tree->expandToDepth(0);
        return;
    }
    QString note = tr("<b>This job's data is not valid JSON</b> (%1). It is shown as stored.")
                       .arg(m_model->errorString().toHtmlEscaped());
    if (text.size() > RawTextLimit) {
        note += QLatin1Char(' ')
                + tr("Only the first %1 of %2 characters are shown.")
                      .arg(QLocale().toString(RawTextLimit), QLocale().toString(text.size()));
    }
    m_warning->setText(note);
    m_raw->setPlainText(text.left(RawTextLimit));
    m_stack->setCurrentWidget(m_invalidPage);
}
