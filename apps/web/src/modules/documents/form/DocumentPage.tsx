import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EyeOutlined,
  NodeIndexOutlined,
  PlusOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { DOC_TYPES, type DocPart, type DocType, type DocumentDetail } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Result, Spin, Typography, theme } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { newIdempotencyKey } from '../../../app/http/idempotency';
import { useBoot } from '../../../app/i18n/BootProvider';
import { usePageTitle } from '../../../app/layout/pageTitle';
import { useDefaultInfoQuery } from '../../../app/layout/queries';
import { notice } from '../../../app/notice';
import { getUserInfo } from '../../../app/session/session';
import { ActionButton } from '../../../shared/ActionButton';
import { displayDateTime } from '../../../shared/format';
import { Panel } from '../../../shared/Panel';
import { TmcTicketsPanel, useOpenTmcTickets } from '../../cards/tmc';
import { FinanceButtons } from '../../finance/loans/FinanceButtons';
import { DocumentPaymentPanel } from '../../finance/remit/Deductions';
import { DecisionDialog } from '../../workflow/approval';
import { documentApi } from '../api';
import { ApplyReceiptsSection, BlockPanel, ClaimReceiptsSection, EvidenceFiles } from '../applies';
import { AttachmentSection } from '../attachments';
import { CHANGE_ABANDONED, CUSTOMER_PARTS, type CustomerChange, CustomerPanels } from '../customers';
import { ExpenseRuleGate } from '../ExpenseRules';
import { InvoiceSection, ReceiptSection } from '../invoices';
import { StatusTag } from '../labels';
import { PreviewModal } from '../preview';
import { PrintButtons } from '../print/PrintButtons';
import { LinesView, MainInfoView } from './DocumentView';
import { shownByChangeOf } from './documentQueries';
import { isFormValidation, keptRowsOf, placeFieldErrors } from './fieldErrors';
import { attendeeLinesOf, bodyOf, type DocumentFormValues, emptyValues, valuesOf } from './formValues';
import { LinesSection } from './LinesSection';
import { MainInfoSection, TypeSection } from './MainInfoSection';
import { DocumentParts } from './parts/DocumentParts';
import { RoutePreviewModal, RouteSection } from './RouteSection';
import { PART_TITLE, shownParts } from './shownParts';
import { createSingleFlight, type SingleFlight } from './singleFlight';

type Target = { kind: 'new'; docType: DocType } | { kind: 'open'; id: number; wantEdit: boolean } | { kind: 'bad' };

function targetOf(mode: string | undefined, key: string | undefined): Target {
  if (mode === 'new' && DOC_TYPES.includes(key as DocType)) return { kind: 'new', docType: key as DocType };
  if ((mode === 'edit' || mode === 'view') && key && /^\d+$/.test(key))
    return { kind: 'open', id: Number(key), wantEdit: mode === 'edit' };
  return { kind: 'bad' };
}

/** A dialog opened on a saved document: its route preview or its print preview. */
type Dialog = { kind: 'route'; id: number } | { kind: 'print'; id: number; docType: DocType; open: boolean };

/** Puts a changed document in the cache and refetches what shows it elsewhere (route, lists, counts). */
function useDocumentRefresh() {
  const queryClient = useQueryClient();
  return (d: DocumentDetail) => {
    queryClient.setQueryData(['documents', 'detail', d.ID], d);
    void queryClient.invalidateQueries({ predicate: (q) => shownByChangeOf(q.queryKey, d.ID) });
  };
}

/**
 * The document screen: four sections (document type, main info, expense details, attachments), with save draft,
 * route preview and submit while the document may be edited, and the read-only form with its approval route otherwise.
 */
export default function DocumentPage() {
  const { t } = useTranslation();
  const { mode, key } = useParams();
  const target = targetOf(mode, key);
  // Held above the editor, which starts afresh with each saved version (and a new document's first save moves to
  // its edit route): dialogs opened after a save stay open, and one action at a time holds across the remount.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [flight] = useState(createSingleFlight);
  // The parts the filler added, per document ('new' until the first save carries them to its id): held here, as the
  // editor remounts with each saved version.
  const [added, setAdded] = useState<Record<string, DocPart[]>>({});
  const parts = (id: number | undefined): AddedParts => {
    const key = id === undefined ? 'new' : String(id);
    return {
      list: added[key] ?? [],
      add: (part) => setAdded((a) => ({ ...a, [key]: [...(a[key] ?? []), part] })),
      carry: (to) => setAdded((a) => ({ ...a, [String(to)]: [...(a[String(to)] ?? []), ...(a.new ?? [])], new: [] })),
    };
  };
  const loaded = useQuery({
    queryKey: ['documents', 'detail', target.kind === 'open' ? target.id : null],
    queryFn: () => documentApi.load((target as { id: number }).id),
    enabled: target.kind === 'open',
    retry: false,
  });
  const d = target.kind === 'open' ? loaded.data : undefined;
  usePageTitle(
    d ? `${t(`doc.type.${d.DocType}`)} ${d.DocNo}` : target.kind === 'new' ? t(`doc.new.${target.docType}`) : null,
  );
  let screen: React.ReactNode;
  if (target.kind === 'bad') screen = <Result status="404" title={t('error.pageNotFound')} />;
  else if (target.kind === 'new')
    screen = (
      <ExpenseRuleGate docType={target.docType}>
        <DocumentEditor
          key={`new-${target.docType}`}
          docType={target.docType}
          flight={flight}
          onDialog={setDialog}
          parts={parts(undefined)}
        />
      </ExpenseRuleGate>
    );
  else if (loaded.isError) screen = <Result status="404" title={t('doc.notFound')} />;
  else if (!d) screen = <Spin style={{ margin: 48 }} />;
  else if (d.AllowedActions.includes('edit') && target.wantEdit)
    screen = (
      <ExpenseRuleGate docType={d.DocType}>
        <DocumentEditor
          key={`${d.ID}-${d.Version}`}
          docType={d.DocType}
          doc={d}
          flight={flight}
          onDialog={setDialog}
          parts={parts(d.ID)}
        />
      </ExpenseRuleGate>
    );
  else screen = <DocumentReadOnly doc={d} />;
  return (
    <>
      {screen}
      <RoutePreviewModal documentId={dialog?.kind === 'route' ? dialog.id : null} onClose={() => setDialog(null)} />
      {dialog?.kind === 'print' ? (
        <PreviewModal
          documentId={dialog.id}
          docType={dialog.docType}
          open={dialog.open}
          onClose={() => setDialog({ ...dialog, open: false })}
        />
      ) : null}
    </>
  );
}

/** The title with the document's state and its actions, kept in sight while the form scrolls. */
function Header({ title, doc, children }: { title: string; doc?: DocumentDetail; children?: React.ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      justify="space-between"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 5,
        background: token.colorBgContainer,
        padding: '8px 0',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex gap={8} align="center">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="doc-title">
          {title}
        </Typography.Title>
        {doc ? <StatusTag status={doc.Status} /> : null}
      </Flex>
      <Flex wrap gap={8} role="toolbar">
        {children}
      </Flex>
    </Flex>
  );
}

/** Thrown by a save whose field errors are already on the form, so nothing else reports it again. */
const SHOWN_ON_FORM = Symbol('shown on the form');

/** The parts the filler added to the document being edited; `carry` moves a new document's to its id once saved. */
interface AddedParts {
  list: readonly DocPart[];
  add: (part: DocPart) => void;
  carry: (documentId: number) => void;
}

interface EditorProps {
  docType: DocType;
  doc?: DocumentDetail;
  flight: SingleFlight;
  onDialog: (dialog: Dialog) => void;
  parts: AddedParts;
}

function DocumentEditor({ docType, doc, flight, onDialog, parts }: EditorProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = useDocumentRefresh();
  const [form] = Form.useForm<DocumentFormValues>();
  // Read as a store: the editor remounts while an action runs and must still see it end.
  const busy = useSyncExternalStore(flight.subscribe, flight.isBusy);
  const me = useDefaultInfoQuery();
  const info = useQuery({
    queryKey: ['documents', 'mainInfo', docType, culture],
    queryFn: () => documentApi.mainInfo(docType),
  });
  useEffect(() => {
    if (!doc && info.data) form.setFieldsValue(emptyValues(info.data.CostCenterID));
  }, [doc, info.data, form]);

  /** Saves what the form holds (a draft may be unfinished); field errors of the server land on the fields. */
  const save = async (): Promise<DocumentDetail> => {
    form.setFields(form.getFieldsError().map((f) => ({ name: f.name as never, errors: [] })));
    const values = form.getFieldsValue(true);
    try {
      const saved = await documentApi.save(docType, bodyOf(docType, values, doc));
      refresh(saved);
      return saved;
    } catch (error) {
      const placed = placeFieldErrors(
        error,
        keptRowsOf(values),
        form.getFieldsError().map((f) => f.name),
      );
      if (placed.fields.length === 0) throw error;
      form.setFields(placed.fields.map((f) => ({ name: f.name as never, errors: f.errors })));
      form.scrollToField(placed.fields[0]!.name as never);
      notice.warning([t('doc.fixFields'), ...placed.elsewhere].join(' '));
      throw SHOWN_ON_FORM;
    }
  };
  /** Every action of the form runs alone (one save at a time); a client-side check shows its field messages. */
  const act = (action: () => Promise<unknown>) => async () => {
    try {
      await flight.run(action);
    } catch (error) {
      if (error === SHOWN_ON_FORM) return;
      if (isFormValidation(error)) notice.warning(t('doc.fixFields'));
      else notice.error(error);
    }
  };
  const opened = (saved: DocumentDetail) => {
    if (doc) return;
    parts.carry(saved.ID);
    navigate(`/manage/document/edit/${saved.ID}`, { replace: true });
  };
  const typeId = Form.useWatch('ExpenseTypeID', form);
  const formLines = Form.useWatch('Lines', form);
  const typeInfo = useQuery({
    queryKey: ['documents', 'detailInfo', docType, typeId],
    queryFn: () => documentApi.detailInfo(docType, typeId as number),
    enabled: typeof typeId === 'number',
  });
  // Tickets waiting to be claimed call the TMC part onto a reimbursement.
  const tickets = useOpenTmcTickets(typeId, docType === 'deputy');
  const ticketsWaiting = docType === 'deputy' && (tickets.data?.Rows.length ?? 0) > 0;
  const { shown, more } = shownParts({
    docType,
    withRows: [...(doc?.PartsWithRows ?? []), ...(ticketsWaiting ? (['tmc'] as const) : [])],
    lines: formLines,
    items: typeInfo.data?.Items ?? [],
    added: parts.list,
  });
  /**
   * The one way a part that needs the saved document changes it (a file, an attendee, a clinical-trial HCO, a lecturer
   * agreement): the form is saved first through its one save, one action at a time (a new document's first save moves
   * the screen to it), then `work` runs on the saved document. Field errors of the save show on the form and the work
   * is abandoned (`CHANGE_ABANDONED`), as it is when another action is running.
   */
  const withSaved = async <T,>(work: (saved: DocumentDetail) => Promise<T>): Promise<T> => {
    let result: { value: T } | undefined;
    await flight.run(async () => {
      let saved: DocumentDetail;
      try {
        saved = await save();
      } catch (error) {
        if (error !== SHOWN_ON_FORM) notice.error(error);
        throw CHANGE_ABANDONED;
      }
      opened(saved);
      result = { value: await work(saved) };
    });
    if (!result) throw CHANGE_ABANDONED;
    return result.value;
  };
  /** A new document's first save, for a file attached before the filler saved; undefined when it did not go through. */
  const saveFirst = async (): Promise<number | undefined> => {
    try {
      return await withSaved(async (saved) => saved.ID);
    } catch (error) {
      if (error !== CHANGE_ABANDONED) notice.error(error);
      return undefined;
    }
  };
  const onSave = act(async () => {
    const saved = await save();
    notice.success(t('common.saved'));
    opened(saved);
  });
  const onSubmit = act(async () => {
    await form.validateFields();
    const saved = await save();
    const submitted = await documentApi.submit(docType, saved.ID, saved.Version, newIdempotencyKey());
    // The applicant declined to go over a budget or cap: the document stays as saved.
    if (!submitted) {
      opened(saved);
      return;
    }
    refresh(submitted);
    notice.success(t(submitted.Status === 'confirming' ? 'doc.submittedForConfirm' : 'doc.submitted'));
    navigate(`/manage/document/view/${submitted.ID}`, { replace: true });
  });
  const onRoutePreview = act(async () => {
    const saved = await save();
    onDialog({ kind: 'route', id: saved.ID });
    opened(saved);
  });
  const onPrintPreview = act(async () => {
    const saved = await save();
    onDialog({ kind: 'print', id: saved.ID, docType, open: true });
    opened(saved);
  });
  /**
   * A change to the attendees, clinical-trial HCOs or lecturer agreements, on a new document too: the form saved
   * first, then the change, then the document read again (the change moved its version on).
   */
  const changeCustomers: CustomerChange = (work) =>
    withSaved(async (saved) => {
      await work(saved);
      refresh(await documentApi.load(saved.ID));
    });
  const onDelete = act(async () => {
    if (!doc || !(await notice.ask(t('common.confirmDelete')))) return;
    await documentApi.remove(doc.ID, doc.Version);
    queryClient.removeQueries({ queryKey: ['documents', 'detail', doc.ID] });
    void queryClient.invalidateQueries({ predicate: (q) => shownByChangeOf(q.queryKey, doc.ID) });
    notice.success(t('common.deleted'));
    navigate('/manage/personalExpense');
  });

  const title = doc ? `${t(`doc.type.${docType}`)} ${doc.DocNo}` : t(`doc.new.${docType}`);
  const preparerName = doc?.PreparerName ?? (culture === 'zh-CN' ? me.data?.UserNameZH : me.data?.UserNameEN) ?? '';
  return (
    <Form<DocumentFormValues>
      form={form}
      layout="vertical"
      initialValues={doc ? valuesOf(doc) : undefined}
      data-testid="doc-form"
      onFinish={() => void 0}
    >
      <Flex vertical gap={12}>
        <Header title={title} {...(doc ? { doc } : {})}>
          <ActionButton
            icon={<SaveOutlined />}
            onAction={onSave}
            showErrors={false}
            disabled={busy}
            data-testid="doc-save"
          >
            {t('doc.action.save')}
          </ActionButton>
          <ActionButton
            icon={<EyeOutlined />}
            onAction={onPrintPreview}
            showErrors={false}
            disabled={busy}
            data-testid="doc-preview"
          >
            {t('doc.action.preview')}
          </ActionButton>
          <ActionButton
            icon={<NodeIndexOutlined />}
            onAction={onRoutePreview}
            showErrors={false}
            disabled={busy}
            data-testid="doc-route-preview-btn"
          >
            {t('doc.action.routePreview')}
          </ActionButton>
          {doc?.AllowedActions.includes('delete') ? (
            <ActionButton
              icon={<DeleteOutlined />}
              danger
              onAction={onDelete}
              showErrors={false}
              disabled={busy}
              data-testid="doc-delete"
            >
              {t('common.delete')}
            </ActionButton>
          ) : null}
          <ActionButton
            icon={<SendOutlined />}
            type="primary"
            onAction={onSubmit}
            showErrors={false}
            disabled={busy}
            data-testid="doc-submit"
          >
            {t('doc.action.submit')}
          </ActionButton>
        </Header>
        {doc ? <ReturnedBecause doc={doc} /> : null}
        <Panel title={t('doc.section.type')} testId="doc-section-type">
          <TypeSection docType={docType} info={info.data} />
        </Panel>
        <Panel title={t('doc.section.main')} testId="doc-section-main">
          <MainInfoSection docType={docType} info={info.data} preparerName={preparerName} />
        </Panel>
        <Panel title={t('doc.section.lines')} testId="doc-section-lines">
          <LinesSection docType={docType} form={form} doc={doc} />
        </Panel>
        {docType === 'deputy' && shown.has('tmc') ? (
          <Panel title={t('tmc.tickets.title')} testId="doc-section-tmc">
            <TmcTicketsPanel form={form} />
          </Panel>
        ) : null}
        {docType === 'deputy' ? (
          <Panel title={t('invoice.title')} testId="doc-section-invoices">
            <InvoiceSection documentId={doc?.ID} editable revision={doc?.Version} />
            <ReceiptSection documentId={doc?.ID} editable />
          </Panel>
        ) : null}
        <CustomerPanels
          documentId={doc?.ID}
          docType={docType}
          shown={shown}
          change={changeCustomers}
          draftLines={
            doc
              ? undefined
              : attendeeLinesOf(
                  { Lines: formLines ?? [], Currency: form.getFieldValue('Currency') ?? 'CNY' },
                  typeInfo.data?.Items ?? [],
                )
          }
        />
        {doc ? (
          <DocumentParts doc={doc} shown={shown} editable unsaved={() => form.isFieldsTouched()} />
        ) : (
          // A new document's other parts are written against its saved lines: called for or added, each asks to save
          // first (the HCP sections above save it themselves at their first change).
          [...shown]
            .filter((p) => p !== 'tmc' && !CUSTOMER_PARTS.has(p))
            .map((p) => (
              <Panel key={p} title={t(PART_TITLE[p])} testId={`doc-section-${p}`}>
                <Flex wrap gap={8} align="center">
                  <Typography.Text type="secondary">{t('doc.parts.saveFirst')}</Typography.Text>
                  <Button onClick={onSave} disabled={busy} data-testid={`doc-part-save-${p}`}>
                    {t('doc.action.save')}
                  </Button>
                </Flex>
              </Panel>
            ))
        )}
        {more.length ? (
          <Flex wrap gap={8} align="center" data-testid="doc-more-parts">
            <Typography.Text type="secondary">{t('doc.parts.more')}</Typography.Text>
            {more.map((p) => (
              <Button
                key={p}
                size="small"
                icon={<PlusOutlined />}
                onClick={() => parts.add(p)}
                data-testid={`doc-add-part-${p}`}
              >
                {t(PART_TITLE[p])}
              </Button>
            ))}
          </Flex>
        ) : null}
        <Panel title={t('doc.section.attachments')} testId="doc-section-attachments">
          <AttachmentSection documentId={doc?.ID} editable saveFirst={saveFirst} />
        </Panel>
        {doc ? <ApplySections doc={doc} /> : null}
        {doc && doc.Status === 'returned' ? (
          <Panel title={t('doc.section.route')} testId="doc-section-route">
            <RouteSection documentId={doc.ID} />
          </Panel>
        ) : null}
      </Flex>
    </Form>
  );
}

/** Why a returned document came back (an approver's comment, or finance's reason), above everything to correct. */
function ReturnedBecause({ doc }: { doc: DocumentDetail }) {
  const { t } = useTranslation();
  const r = doc.ReturnedBecause;
  if (!r) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="doc-returned-because"
      title={t('doc.returned.title', { by: r.ByName ?? '', at: displayDateTime(r.At) })}
      description={r.Comment ?? t('doc.returned.noComment')}
    />
  );
}

/** The signed-in user applied for or prepared it (the server decides again; a proxy acting for them is refused here). */
function ownedByMe(doc: DocumentDetail): boolean {
  const me = getUserInfo()?.UserID;
  return me === doc.ApplicantID || me === doc.PreparerID;
}

/**
 * An apply's evidence once approved (uploaded within EvidenceDueDays of an HCP event), milestones and goods receipts;
 * a claim against an apply, the receipts it pays for.
 */
function ApplySections({ doc }: { doc: DocumentDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refreshFiles = () => queryClient.invalidateQueries({ queryKey: ['attachments', doc.ID] });
  if (doc.DocType === 'apply')
    return (
      <>
        {doc.Status === 'approved' && doc.NeedsEvidence && !doc.ApplyBlock ? (
          <Panel title={t('apply.block.evidence')} testId="doc-section-evidence">
            <EvidenceFiles documentId={doc.ID} canChange={ownedByMe(doc)} onChanged={refreshFiles} />
          </Panel>
        ) : null}
        <Panel title={t('apply.section')} testId="doc-section-receipts">
          <ApplyReceiptsSection documentId={doc.ID} />
        </Panel>
      </>
    );
  if (doc.DocType === 'deputy' && doc.ApplyID !== null)
    return (
      <Panel title={t('apply.receipt.claimTitle')} testId="doc-section-claim-receipts">
        <ClaimReceiptsSection documentId={doc.ID} />
      </Panel>
    );
  return null;
}

function DocumentReadOnly({ doc }: { doc: DocumentDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const after = useDocumentRefresh();
  const [declining, setDeclining] = useState(false);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [printing, setPrinting] = useState(false);
  const [comment, setComment] = useState('');
  const can = (a: string) => doc.AllowedActions.includes(a as never);
  const confirm = async (accept: boolean, text?: string) => {
    const d = await documentApi.confirm(doc.ID, doc.Version, accept, text);
    if (!d) return;
    after(d);
    notice.success(t(accept ? 'doc.confirmed' : 'doc.declined'));
  };
  return (
    <Flex vertical gap={12}>
      <Header title={`${t(`doc.type.${doc.DocType}`)} ${doc.DocNo}`} doc={doc}>
        <ActionButton icon={<EyeOutlined />} onAction={() => setPrinting(true)} data-testid="doc-preview">
          {t('doc.action.preview')}
        </ActionButton>
        <PrintButtons documentId={doc.ID} />
        {can('edit') ? (
          <ActionButton onAction={() => navigate(`/manage/document/edit/${doc.ID}`)} data-testid="doc-edit">
            {t('common.edit')}
          </ActionButton>
        ) : null}
        {can('confirm') ? (
          <ActionButton
            type="primary"
            icon={<CheckOutlined />}
            onAction={() => confirm(true)}
            data-testid="doc-confirm"
          >
            {t('doc.action.confirm')}
          </ActionButton>
        ) : null}
        {can('approve') ? (
          <ActionButton
            type="primary"
            icon={<CheckOutlined />}
            onAction={() => setDeciding('approve')}
            data-testid="doc-approve"
          >
            {t('doc.action.approve')}
          </ActionButton>
        ) : null}
        {can('reject') ? (
          <ActionButton danger icon={<CloseOutlined />} onAction={() => setDeciding('reject')} data-testid="doc-reject">
            {t('doc.action.reject')}
          </ActionButton>
        ) : null}
        {can('decline') ? (
          <ActionButton danger icon={<CloseOutlined />} onAction={() => setDeclining(true)} data-testid="doc-decline">
            {t('doc.action.decline')}
          </ActionButton>
        ) : null}
        <FinanceButtons doc={doc} can={can} after={after} />
      </Header>
      <ReturnedBecause doc={doc} />
      {doc.ApplyBlock ? (
        <Panel title={t('apply.block.title')} testId="doc-section-block">
          <BlockPanel doc={doc} onChanged={after} />
        </Panel>
      ) : null}
      <Panel title={t('doc.section.main')} testId="doc-section-main">
        <MainInfoView d={doc} />
      </Panel>
      <Panel title={t('doc.section.lines')} testId="doc-section-lines">
        <LinesView d={doc} />
      </Panel>
      {doc.DocType === 'deputy' ? (
        <Panel title={t('invoice.title')} testId="doc-section-invoices">
          <InvoiceSection documentId={doc.ID} editable={false} />
          <ReceiptSection documentId={doc.ID} editable={false} />
        </Panel>
      ) : null}
      <CustomerPanels documentId={doc.ID} docType={doc.DocType} shown={new Set(doc.PartsWithRows)} />
      <DocumentParts doc={doc} shown={new Set(doc.PartsWithRows)} editable={false} />
      {doc.DocType !== 'apply' ? <DocumentPaymentPanel documentId={doc.ID} /> : null}
      <Panel title={t('doc.section.attachments')} testId="doc-section-attachments">
        <AttachmentSection documentId={doc.ID} editable={false} />
      </Panel>
      <ApplySections doc={doc} />
      <Panel title={t('doc.section.route')} testId="doc-section-route">
        <RouteSection documentId={doc.ID} />
      </Panel>
      <PreviewModal documentId={doc.ID} docType={doc.DocType} open={printing} onClose={() => setPrinting(false)} />
      {deciding ? (
        <DecisionDialog
          document={doc}
          mode={deciding}
          open
          onClose={() => setDeciding(null)}
          onDone={(d) => {
            setDeciding(null);
            after(d);
          }}
        />
      ) : null}
      <Modal
        open={declining}
        title={t('doc.action.decline')}
        onCancel={() => setDeclining(false)}
        okButtonProps={{ disabled: comment.trim() === '', danger: true }}
        onOk={async () => {
          try {
            await confirm(false, comment.trim());
            setDeclining(false);
          } catch (error) {
            notice.error(error);
          }
        }}
      >
        <Input.TextArea
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={1000}
          placeholder={t('doc.declineComment')}
          autoFocus
        />
      </Modal>
    </Flex>
  );
}
